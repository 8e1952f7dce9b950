"""A ninety-sixth blind set of REAL AOTInductor failures (astronomy and astrophysics), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    python3 benchmarks/live_blind96.py [--out benchmarks/live_blind96.jsonl] [--keep]

Theme: astronomy and astrophysics (a transient classifier over multi-band light curves with an
irregular, dynamic number of epochs, a photometric-redshift regressor on ugriz magnitudes, a
spectrum classifier on a fixed 1000-pixel log-lambda wavelength grid with an instrument
throughput buffer, a star/galaxy/QSO classifier on 5-band 32 x 32 image cutouts, a band-id
embedding for alert photometry, an emission-line sampler on the wavelength grid, a PSF-fit
chi-square and MJD cadence features), exported, compiled, loaded and run as a survey-pipeline
engineer would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind95.py (their TRIED lists included). Building the set
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
import math
BANDS = 6              # LSST u g r i z y
NCLS = 5               # SN Ia, SN II, SN Ibc, AGN, periodic variable
NPIX = 1000            # log-lambda grid, 3600-9000 Angstrom
LOGLAM = torch.linspace(math.log10(3600.0), math.log10(9000.0), NPIX)
DLOGLAM = float(LOGLAM[1] - LOGLAM[0])

class LC(torch.nn.Module):
    # transient classifier: flux (objects, bands, epochs) -> class logits
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(BANDS, 16, 3, padding=1)
        self.head = torch.nn.Linear(16, NCLS)
    def forward(self, flux):
        return self.head(torch.relu(self.conv(flux)).mean(-1))

class PZ(torch.nn.Module):
    # photometric redshift from SDSS ugriz magnitudes
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([21.5, 20.3, 19.6, 19.2, 18.9]))
        self.register_buffer("std", torch.tensor([1.5, 1.3, 1.2, 1.2, 1.2]))
        self.net = torch.nn.Sequential(torch.nn.Linear(5, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    def forward(self, mags):
        return torch.nn.functional.softplus(self.net((mags - self.mean) / self.std))

class Spec(torch.nn.Module):
    # spectrum classifier: divide by the instrument throughput, continuum-normalise, convolve
    def __init__(self):
        super().__init__()
        self.register_buffer("throughput", 0.5 + 0.3 * torch.sin(torch.linspace(0, 3, NPIX)))
        self.conv = torch.nn.Conv1d(1, 8, 5, padding=2)
        self.head = torch.nn.Linear(8, NCLS)
    def forward(self, spec):
        z = spec / self.throughput
        z = z / z.mean(-1, keepdim=True)
        return self.head(torch.relu(self.conv(z.unsqueeze(1))).mean(-1))

class Cut(torch.nn.Module):
    # star / galaxy / QSO from ugriz cutouts (stamps, 5, 32, 32)
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(5, 32, 3)
        self.c2 = torch.nn.Conv2d(32, 16, 3)
        self.head = torch.nn.Linear(16, 3)
    def forward(self, stamps):
        return self.head(torch.relu(self.c2(torch.relu(self.c1(stamps)))).mean((-2, -1)))

def galaxy_mags(n):
    return torch.tensor([21.5, 20.3, 19.6, 19.2, 18.9]) + torch.randn(n, 5)

def spectra(n):
    return 1.0 + 0.1 * torch.randn(n, NPIX)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("lc96", LC().eval(), (torch.randn(4, BANDS, 40),),
      dynamic_shapes=({0: Dim("objects", min=1, max=256), 2: Dim("epochs", min=8, max=512)},))
build("pz96", PZ().eval(), (galaxy_mags(16),), dynamic_shapes=({0: Dim("galaxies", min=2, max=100000)},))
build("sp96", Spec().eval(), (spectra(4),))
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
class BandEmb(torch.nn.Module):
    # alert photometry: (band id, flux) per detection -> features
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(BANDS, 8)
        self.lin = torch.nn.Linear(9, 8)
    def forward(self, band, flux):
        return self.lin(torch.cat([self.emb(band), flux.unsqueeze(-1)], -1)).mean(1)

class Lines(torch.nn.Module):
    # emission-line fluxes: sample the spectrum at the lines' pixel indices
    def forward(self, spec, pix):
        return spec[:, pix] * 1.0

build("cut96", Cut().eval(), (torch.randn(4, 5, 32, 32),),
      dynamic_shapes=({0: Dim("stamps", min=1, max=8192)},))
build("band96", BandEmb().eval(), (torch.randint(0, BANDS, (2, 50)), torch.randn(2, 50)))
build("ln96", Lines(), (spectra(2), torch.randint(0, NPIX, (8,))),
      dynamic_shapes=(None, {0: Dim("lines", min=1, max=64)}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"lc96", "pz96", "sp96", "cut96", "band96", "ln96", "chi96", "cad96"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _c: a child that only uses the setup packages; _m: one that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "rest-frame-roll-by-redshift", "export_failure", "export", """
class RestFrame(Spec):
    # shift the observed spectrum to the rest frame by the catalogue redshift before classifying
    def forward(self, spec, z):
        shift = int(torch.round(torch.log10(1 + z) / DLOGLAM))
        return super().forward(torch.roll(spec, -shift, -1))
ep = torch.export.export(RestFrame().eval(), (spectra(2), torch.tensor(0.1)))
""", "The rest-frame shift is computed with int() from the redshift input tensor and passed to "
       "torch.roll, a data-dependent Python int that torch.export cannot trace.",
       "Resample to the rest frame in the preprocessing (or pass the shift as a static int / use "
       "gather with computed indices) instead of int() on the redshift tensor.", match=r".")


def case_02():
    return _m("case_02", "lomb-scargle-scipy-in-forward", "export_failure", "export", """
import numpy as np, scipy.signal
class Periodic(torch.nn.Module):
    # periodic-variable features: Lomb-Scargle power of the irregularly sampled light curve
    def __init__(self):
        super().__init__()
        self.register_buffer("freqs", torch.linspace(0.05, 10.0, 64))
        self.head = torch.nn.Linear(64, 2)
    def forward(self, t, flux):
        p = scipy.signal.lombscargle(t.numpy(), flux.numpy(), self.freqs.numpy())
        return self.head(torch.from_numpy(p).float())
t = torch.sort(torch.rand(60) * 100).values
ep = torch.export.export(Periodic(), (t, torch.sin(t) + 0.1 * torch.randn(60)))
""", "forward computes the Lomb-Scargle periodogram with scipy.signal.lombscargle on .numpy() "
       "views; during export the inputs are fake tensors with no data.",
       "Compute the periodogram with torch ops (sin/cos sums over the frequency grid) or outside "
       "the exported model.", match=r".")


def case_03():
    return _m("case_03", "throughput-buffer-dynamic-pixels", "dynamic_shape_guard", "export", """
from torch.export import Dim
npix = Dim("pixels", min=500, max=8000)          # serve spectra from any spectrograph
ep = torch.export.export(Spec().eval(), (spectra(4),), dynamic_shapes=({1: npix},))
""", "The pixel dimension is declared dynamic, but the instrument throughput buffer is fixed to "
       "the 1000-pixel grid, so the division forces the pixel count to 1000.",
       "Keep the pixel dimension static (resample every spectrum to the 1000-pixel grid), or "
       "pass the throughput as an input on the spectrum's grid.", match=r".")


def case_04():
    return _m("case_04", "interleaved-ugrizy-epochs", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Interleaved(LC):
    # the alert stream stores the six bands' fluxes interleaved: u g r i z y u g r ...
    def forward(self, flat):
        return super().forward(flat.reshape(flat.shape[0], -1, BANDS).transpose(1, 2))
n = Dim("detections", min=12, max=3072)
ep = torch.export.export(Interleaved().eval(), (torch.randn(4, 60),), dynamic_shapes=({1: n},))
""", "The flat detection count is declared as a free Dim, but reshaping it into (epochs, 6 "
       "bands) requires it to be a multiple of 6, which the Dim does not express.",
       "Declare the count as 6 * Dim('epochs') (the suggested fix), or pass the light curve "
       "already shaped (objects, bands, epochs).", match=r".")


def case_05():
    return _m("case_05", "nvtx-range-in-forward", "device_mismatch", "export", """
class Profiled(PZ):
    # the GPU photo-z service marks its forward in Nsight traces
    def forward(self, mags):
        torch.cuda.nvtx.range_push("photoz")
        z = super().forward(mags)
        torch.cuda.nvtx.range_pop()
        return z
ep = torch.export.export(Profiled().eval(), (galaxy_mags(16),))
pkg = torch._inductor.aoti_compile_and_package(ep)
""", "forward calls torch.cuda.nvtx.range_push, written for the GPU service, but the package is "
       "built on a CPU-only host whose torch build has no CUDA/NVTX.",
       "Remove the profiling marks from forward (wrap the call site instead) or build on the GPU "
       "host.", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "astropy-table-epochs-by-bands", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{lc96}")
flux = torch.randn(4, 40, 6)                     # Table rows are epochs, columns the six bands
logits = m(flux)
""", "The light curves come from an astropy Table as (objects, epochs, bands) while the package "
       "was exported for (objects, bands, epochs).",
       "Transpose to (objects, bands, epochs) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "fits-spectrum-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{sp96}")
# BITPIX=-64 coadd spectra from the FITS file, byte-swapped to native order
flux = np.ascontiguousarray((1.0 + 0.1 * np.random.randn(4, 1000)).astype(">f8").astype("=f8"))
logits = m(torch.from_numpy(flux))
""", "The spectra are read from a BITPIX=-64 FITS file and stay float64, while the package was "
       "exported for float32.", "Cast to float32 (.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_09():
    return _c("case_09", "lsst-ugrizy-into-sdss-photoz", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pz96}")
mags = torch.randn(100, 6) + 20.0                # LSST ugrizy: six magnitudes per galaxy
z = m(mags)
""", "The LSST catalogue provides six magnitudes (ugrizy) to a photo-z package exported for "
       "the five SDSS bands (ugriz).", "Drop the y band (or re-train and export a 6-band model).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "single-cutout-no-batch", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{cut96}")
stamp = torch.randn(5, 32, 32)                   # one follow-up target's ugriz cutout
cls = m(stamp)
""", "A single cutout (bands, 32, 32) is passed without its batch dimension to a package "
       "exported for (stamps, bands, 32, 32).", "Add the batch dimension (stamp[None]).",
       needs=("s",), env=CHECK, match=r".")


def case_11():
    return _c("case_11", "other-spectrograph-4000-pixels", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sp96}")
spec = 1.0 + 0.1 * torch.randn(4, 4000)          # the new spectrograph's native 4000-pixel grid
logits = m(spec)
""", "Spectra on the new spectrograph's native 4000-pixel grid are sent to a package exported "
       "for the fixed 1000-pixel log-lambda grid.",
       "Resample the spectra to the exported 1000-pixel grid before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_12():
    return _c("case_12", "ten-year-light-curve", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{lc96}")
flux = torch.randn(4, 6, 2000)                   # ten years of survey epochs for long-lived AGN
logits = m(flux)
""", "The light curves hold 2000 epochs, but the package's epochs Dim was exported with max=512.",
       "Window the light curve to at most 512 epochs (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"512|too large|range|bound")


def case_13():
    return _c("case_13", "last-catalog-chunk-one-galaxy", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pz96}")
cat = torch.randn(10001, 5) + 20.0
for chunk in cat.split(10000):                   # the last chunk holds a single galaxy
    z = m(chunk)
""", "The catalogue is processed in chunks of 10000; the last chunk has one galaxy, below the "
       "galaxies Dim's min=2.", "Pad the last chunk to two rows (or export with min=1).",
       needs=("r",), env=CHECK, match=r"2|too small|range|bound")


def case_14():
    return _c("case_14", "decam-vr-band-code", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{band96}")
band = torch.randint(0, 6, (2, 50))
band[1, ::7] = 6                                 # the broker's DECam VR detections: band code 6
feat = m(band, torch.randn(2, 50))
""", "The alert broker encodes DECam VR-band detections with band code 6, outside the 6-entry "
       "(ugrizy, 0..5) band embedding.",
       "Map or drop bands the model was not trained on before the call.",
       needs=("s",), match=r"out of bounds")


def case_15():
    return _m("case_15", "redshifted-halpha-beyond-grid", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ln96}")
rest = torch.tensor([3727.0, 4861.0, 5007.0, 6563.0])    # [OII], Hbeta, [OIII], Halpha
z = 0.6
pix = ((torch.log10(rest * (1 + z)) - LOGLAM[0]) / DLOGLAM).round().long()
fluxes = m(spectra(2), pix)
""", "At z = 0.6 H-alpha is observed at 10500 A, beyond the 9000 A end of the grid, so its pixel "
       "index exceeds the 1000-pixel spectrum.",
       "Keep only lines whose observed wavelength lies on the grid (0 <= pix < 1000).",
       needs=("s",), match=r"out of bounds")


# ------------------------------------------------------------------- run: weights and values
def case_16():
    return _m("case_16", "negative-forced-flux-to-mags", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pz96}")
flux = 10 ** ((22.5 - galaxy_mags(64)) / 2.5)    # nanomaggies
flux[::9, 0] = -0.3                              # faint u-band forced photometry can be negative
mags = 22.5 - 2.5 * torch.log10(flux)
z = m(mags)
assert torch.isfinite(z).all(), "non-finite photo-z"
""", "Forced-photometry fluxes below zero in the u band are converted to magnitudes with "
       "log10, giving NaN magnitudes that the package turns into NaN redshifts.",
       "Use asinh magnitudes (luptitudes) or flag/impute non-detections before the call.",
       needs=("r",), match=r"AssertionError")


def case_17():
    return _m("case_17", "nan-padded-unobserved-epochs", "numerical", "run", """
m = torch._inductor.aoti_load_package("{lc96}")
flux = torch.randn(4, BANDS, 40)
flux[:, 0, 1::2] = float("nan")                  # u band not observed on these nights
logits = m(flux)
assert torch.isfinite(logits).all(), "non-finite logits"
""", "Epochs where a band was not observed are padded with NaN on the common time grid; the "
       "convolution spreads the NaNs and every class logit becomes NaN.",
       "Fill unobserved epochs with 0 plus an observation mask (or interpolate) before the call.",
       needs=("r",), match=r"AssertionError")


def case_18():
    return _m("case_18", "mjd-float32-cadence", "numerical", "run", """
class Cadence(torch.nn.Module):
    # time between consecutive exposures, in minutes, for the cadence features
    def forward(self, mjd):
        return (mjd[:, 1:] - mjd[:, :-1]) * 1440.0
ep = torch.export.export(Cadence(), (torch.rand(2, 30).cumsum(1),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/cad96.pt2")
m = torch._inductor.aoti_load_package(pkg)
mjd64 = 60345.0 + torch.arange(30, dtype=torch.float64).view(1, 30) * (2.0 / 1440) # 2-min cadence
dt = m(mjd64.float().repeat(2, 1))
torch.testing.assert_close(dt, torch.full_like(dt, 2.0), rtol=1e-2, atol=1e-2)
""", "Absolute MJDs (~60345) are stored as float32, whose spacing there is ~0.004 days (5.6 "
       "min), so the 2-minute exposure spacing is quantised and the cadence features are wrong.",
       "Subtract a reference epoch in float64 before casting (t - t0), or keep times in float64.",
       match=r"not close|AssertionError")


def case_19():
    return _m("case_19", "psf-chi2-float16-raw-adu", "numerical", "run", """
class PSFChi2(torch.nn.Module):
    # chi-square of a PSF fit on a stamp: sum((stamp - flux * psf)^2 / var)
    def __init__(self):
        super().__init__()
        g = torch.exp(-torch.linspace(-3, 3, 25) ** 2 / 2)
        psf = g[:, None] * g[None, :]
        self.register_buffer("psf", psf / psf.sum())
    def forward(self, stamp, flux, var):
        return ((stamp - flux.view(-1, 1, 1) * self.psf) ** 2 / var).sum((-2, -1))
args = (torch.randn(2, 25, 25).half(), torch.ones(2).half(), torch.ones(2, 25, 25).half())
ep = torch.export.export(PSFChi2().half(), args)
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/chi96.pt2")
m = torch._inductor.aoti_load_package(pkg)
stamp = (1200.0 + 40 * torch.randn(2, 25, 25)).half()   # raw ADU, sky not subtracted
chi2 = m(stamp, torch.full((2,), 5000.0).half(), torch.full((2, 25, 25), 1.0).half())
assert torch.isfinite(chi2).all(), f"chi2 = {chi2}"
""", "The PSF fit runs in float16 on raw ADU stamps (sky ~1200 ADU not subtracted, unit "
       "variance), so the chi-square sum exceeds float16's maximum 65504 and is inf.",
       "Subtract the sky and use the real variance (or compute the chi-square in float32).",
       match=r"AssertionError")


def case_20():
    return _m("case_20", "dead-fibre-zero-spectrum", "numerical", "run", """
m = torch._inductor.aoti_load_package("{sp96}")
spec = spectra(4)
spec[2] = 0.0                                    # a broken fibre on the plate: all-zero spectrum
logits = m(spec)
assert torch.isfinite(logits).all(), f"non-finite logits for fibre(s) {(~torch.isfinite(logits)).any(1).nonzero().flatten().tolist()}"
""", "A broken fibre delivers an all-zero spectrum; the continuum normalisation divides by its "
       "mean, 0/0, so its logits are NaN.",
       "Drop fibres flagged as broken (or with zero continuum) before the call.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "retrained-photoz-renamed-layers", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{pz96}")
# the retraining script names the MLP 'mlp' instead of 'net'
sd = {"mlp.0.weight": torch.randn(32, 5), "mlp.0.bias": torch.zeros(32),
      "mlp.2.weight": torch.randn(1, 32), "mlp.2.bias": torch.zeros(1)}
m.load_constants(sd, check_full_update=False)
""", "The retrained photo-z weights come from a refactored module that calls the MLP 'mlp', "
       "so their names do not match the package constants (net.0.weight, ...).",
       "Rename the keys to the exported names (net.*) before load_constants, or re-export.",
       needs=("r",), match=r".")


def case_22():
    return _c("case_22", "lsst-stats-into-sdss-buffers", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{pz96}")
# the survey's new normalisation statistics, computed on the LSST catalogue (ugrizy)
m.load_constants({"mean": torch.tensor([23.1, 22.4, 21.8, 21.4, 21.1, 20.9]),
                  "std": torch.tensor([1.6, 1.4, 1.3, 1.3, 1.3, 1.3])}, check_full_update=False)
z = m(torch.randn(8, 5) + 21.0)
""", "The refreshed normalisation statistics hold six (ugrizy) values but the package's mean/std "
       "buffers have the five SDSS bands.",
       "Load statistics with the exported shape (5,) in ugriz order.",
       needs=("r",), match=r".")


def case_23():
    return _c("case_23", "night-of-cutouts-capped-worker", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{cut96}")
stamps = torch.randn(4096, 5, 32, 32)            # a night's difference-image detections, one call
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 64 * 2**20, vm + 64 * 2**20))  # the worker's budget
with torch.no_grad():
    cls = m(stamps)
""", "A whole night's 4096 cutouts are classified in one call by a worker with 64 MiB of memory "
       "left; the call's working tensors (an 80 MB input-sized buffer, a ~470 MB first-convolution "
       "output) do not fit.",
       "Classify the cutouts in batches (e.g. 256) or give the worker more memory.",
       needs=("s",), match=r"memory|alloc")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_23]
# Failed in the trial, but not on its trigger: case_22 (LSST six-band normalisation statistics
# loaded into the five-band mean/std buffers) failed with "Constant not found: std": the package
# holds no mean/std constants at all (only net.0.weight, net.0.bias, net.2.weight), so the shape
# mismatch its cause describes is never reached. Kept below for the record only.
DROPPED = [case_22]
# Every case in CASES failed in the trial; none did not fail.
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind96.jsonl",
        url_file="benchmarks/live_blind96.py", id_prefix="live96", stems=STEMS,
        scratch_prefix="live_blind96-", description=__doc__.splitlines()[0]))
