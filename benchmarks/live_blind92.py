"""A ninety-second blind set of REAL AOTInductor failures (satellite and aerial remote sensing), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind92.py [--out benchmarks/live_blind92.jsonl] [--keep]

Theme: satellite and aerial remote sensing (Sentinel-2 L2A tiles with four 10 m bands B2, B3,
B4, B8 as digital numbers, NDVI / NDWI computed in the model, a before/after change-detection
model on 64 x 64 tile pairs, a land-cover segmentation model with a no-data mask on tiles of
any size, per-sensor normalisation statistics indexed by a sensor id, a land-cover class
embedding, tile overlap and stitching), exported, compiled, loaded and run as a remote-sensing
engineer would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind91.py (their TRIED lists included). Building the set
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
BANDS, T = 4, 64                       # Sentinel-2 B2, B3, B4, B8 (blue, green, red, nir), 64 px tiles
S2_MEAN = [1350.0, 1250.0, 1180.0, 2650.0]   # L2A digital numbers (reflectance * 10000)
S2_STD = [600.0, 550.0, 700.0, 900.0]
SENSOR_MEAN = [S2_MEAN, [1400.0, 1300.0, 1250.0, 2500.0], [9200.0, 9400.0, 9100.0, 14800.0]]
SENSOR_STD = [S2_STD, [650.0, 600.0, 720.0, 950.0], [1500.0, 1400.0, 1800.0, 2600.0]]
# sensor ids: 0 Sentinel-2A, 1 Sentinel-2B, 2 Landsat-8 OLI (Collection 2 DN)

def s2_tile(b=2, h=T, w=T):
    # a plausible L2A tile in digital numbers
    m = torch.tensor(S2_MEAN).view(1, BANDS, 1, 1)
    s = torch.tensor(S2_STD).view(1, BANDS, 1, 1)
    return (m + s * torch.randn(b, BANDS, h, w)).clamp(1.0, 10000.0)

class Indices(torch.nn.Module):
    # NDVI and NDWI from L2A digital numbers
    def forward(self, tile):
        refl = tile / 10000.0
        blue, green, red, nir = refl.unbind(1)
        ndvi = (nir - red) / (nir + red)
        ndwi = (green - nir) / (green + nir)
        return torch.stack([ndvi, ndwi], 1)

class Change(torch.nn.Module):
    # before/after change detection: normalised bands of both dates and the NDVI/NDWI differences
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(S2_MEAN).view(BANDS, 1, 1))
        self.register_buffer("std", torch.tensor(S2_STD).view(BANDS, 1, 1))
        self.idx = Indices()
        self.conv = torch.nn.Conv2d(2 * BANDS + 2, 2, 3, padding=1)
    def forward(self, before, after):
        zb = (before - self.mean) / self.std
        za = (after - self.mean) / self.std
        d = self.idx(after) - self.idx(before)
        return self.conv(torch.cat([zb, za, d], 1))

class Seg(torch.nn.Module):
    # land-cover segmentation (6 classes) of a tile of any size; no-data pixels are masked out
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(S2_MEAN).view(BANDS, 1, 1))
        self.register_buffer("std", torch.tensor(S2_STD).view(BANDS, 1, 1))
        self.conv = torch.nn.Conv2d(BANDS, 6, 3, padding=1)
    def forward(self, tile, valid):
        z = (tile - self.mean) / self.std
        return self.conv(z * valid) * valid
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
pairs = Dim("pairs", min=1, max=8)
build("chg92", Change().eval(), (s2_tile(2), s2_tile(2)), dynamic_shapes=({0: pairs}, {0: pairs}))
h, w = Dim("h", min=32, max=12000), Dim("w", min=32, max=12000)
build("seg92", Seg().eval(), (s2_tile(1, 96, 96), torch.ones(1, 1, 96, 96)),
      dynamic_shapes=({2: h, 3: w}, {2: h, 3: w}))
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
class SensorNorm(torch.nn.Module):
    # per-sensor normalisation: the statistics row is picked by the tile's sensor id
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(SENSOR_MEAN))
        self.register_buffer("std", torch.tensor(SENSOR_STD))
        self.conv = torch.nn.Conv2d(BANDS, 8, 1)
    def forward(self, tile, sensor):
        m = self.mean[sensor].view(-1, BANDS, 1, 1)
        s = self.std[sensor].view(-1, BANDS, 1, 1)
        return self.conv((tile - m) / s)

class LandCoverEmb(torch.nn.Module):
    # 11 land-cover classes (remapped 0..10) -> 8-d embedding -> 1x1 conv
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(11, 8)
        self.mix = torch.nn.Conv2d(8, 4, 1)
    def forward(self, classes):
        return self.mix(self.emb(classes).permute(0, 3, 1, 2))

b = Dim("tiles", min=1, max=16)
build("sens92", SensorNorm().eval(), (s2_tile(2), torch.tensor([0, 2])), dynamic_shapes=({0: b}, {0: b}))
build("idx92", Indices(), (s2_tile(2),), dynamic_shapes=({0: Dim("tiles", min=1, max=64)},))
build("lc92", LandCoverEmb().eval(), (torch.randint(0, 11, (2, T, T)),))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"chg92", "seg92", "sens92", "idx92", "lc92"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "gdal-buffer-alignment-assert", "export_failure", "export", """
class AlignedIndices(Indices):
    # the tile comes straight from a GDAL read buffer; the SIMD path wants 64-byte alignment
    def forward(self, tile):
        assert tile.data_ptr() % 64 == 0, "tile buffer not 64-byte aligned"
        return super().forward(tile)
ep = torch.export.export(AlignedIndices(), (s2_tile(2),))
""", "forward checks the GDAL buffer's alignment with tile.data_ptr(); during export the tile is "
       "a FakeTensor with no storage, so reading its data pointer fails.",
       "Move the alignment check (and any copy to an aligned buffer) into the reader, outside "
       "the exported forward.", match=r"data pointer")


def case_02():
    return _m("case_02", "qa-dump-tile-in-forward", "export_failure", "export", """
class QAChange(Change):
    # during the bring-up every pair was dumped for the QA notebook
    def forward(self, before, after):
        torch.save({"before": before, "after": after}, "qa_pair.pt")
        return super().forward(before, after)
ep = torch.export.export(QAChange().eval(), (s2_tile(2), s2_tile(2)))
""", "forward calls torch.save on the input tiles to dump a QA copy; during export the tiles are "
       "fake/functional tensors that cannot be pickled.",
       "Remove the dump from forward (dump the tiles in the calling pipeline instead).",
       match=r"pickle|Pickl")


def case_03():
    return _m("case_03", "overlap-trim-min-tile", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Trimmed(Seg):
    # predictions of overlapping tiles: drop the 24-pixel overlap on every side before stitching
    def forward(self, tile, valid):
        return super().forward(tile, valid)[..., 24:-24, 24:-24]
h, w = Dim("h", min=16, max=1024), Dim("w", min=16, max=1024)
ep = torch.export.export(Trimmed().eval(), (s2_tile(1, 96, 96), torch.ones(1, 1, 96, 96)),
                         dynamic_shapes=({2: h, 3: w}, {2: h, 3: w}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/trim92.pt2")
""", "The tile Dims allow sizes from 16, but the 24-pixel overlap trim [24:-24] on both sides "
       "needs tiles larger than 48 pixels, so the declared range cannot hold.",
       "Raise the Dims' min above twice the overlap (min=64) or pad small tiles.",
       match=r"Constraints violated|specializ|range")


def case_04():
    return _m("case_04", "stitch-tiles-3-per-row", "dynamic_shape_guard", "export", """
from torch.export import Dim
class Stitch(torch.nn.Module):
    # the batch of NDVI tiles is stitched back into a mosaic of rows of 3 tiles
    def __init__(self):
        super().__init__()
        self.idx = Indices()
    def forward(self, tiles):
        ndvi = self.idx(tiles)[:, 0]
        n = ndvi.shape[0]
        grid = ndvi.view(n // 3, 3, T, T).permute(0, 2, 1, 3)
        return grid.reshape(n // 3 * T, 3 * T)
ep = torch.export.export(Stitch(), (s2_tile(6),), dynamic_shapes=({0: Dim("tiles", min=1, max=48)},))
""", "The tile batch is stitched with view(n // 3, 3, T, T), which requires the tile count to be a "
       "multiple of 3, but the tiles Dim allows any count from 1 to 48.",
       "Declare the tile count as 3 * Dim('rows') (or pad the batch to full rows of tiles).",
       match=r"Constraints violated|divisible|Mod|specializ")


def case_05():
    return _m("case_05", "sensor-agnostic-band-count", "dynamic_shape_guard", "export", """
from torch.export import Dim
nb = Dim("bands", min=1, max=13)                 # 4 for the drone, 13 for full Sentinel-2
ep = torch.export.export(Indices(), (s2_tile(2),), dynamic_shapes=({1: nb},))
""", "The band count is declared dynamic to serve several sensors, but the index model unpacks "
       "exactly four bands (blue, green, red, nir), so export specialises the band Dim to 4.",
       "Keep the band count static (one package per sensor band layout), or select the bands by "
       "index in the caller.", match=r"Constraints violated|specializ|unbind|4")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "landsat-seven-bands", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chg92}")
before = torch.rand(2, 7, 64, 64) * 10000        # Landsat-8 OLI bands 1-7 from the L2 product
after = torch.rand(2, 7, 64, 64) * 10000
out = m(before, after)
""", "A Landsat-8 pair with its seven OLI bands is sent to the change package exported for the "
       "four Sentinel-2 10 m bands.",
       "Select and reorder the matching bands (blue, green, red, nir) before the call, or export "
       "a Landsat variant.", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_08():
    return _c("case_08", "jp2-dn-as-int32", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{chg92}")
# the JP2 bands are uint16; the reader converts them to int32 because torch lacks uint16 math
dn = np.random.randint(0, 10000, (2, 2, 4, 64, 64)).astype(np.uint16).astype(np.int32)
out = m(torch.from_numpy(dn[0]), torch.from_numpy(dn[1]))
""", "The L2A digital numbers are passed as int32 (converted from the JP2 uint16) while the "
       "package was exported for float32 tiles.",
       "Convert to float32 (.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Int|Float")


def case_09():
    return _c("case_09", "pair-stacked-one-tensor", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chg92}")
pair = torch.rand(2, 2, 4, 64, 64) * 10000       # (pair, date, band, row, col) from the datacube
out = m(pair)
""", "The before/after pair is passed as one stacked (pair, date, band, row, col) tensor, while "
       "the package takes before and after as two separate inputs.",
       "Call m(pair[:, 0], pair[:, 1]).", needs=("r",), env=CHECK, match=r".")


def case_10():
    return _c("case_10", "tile-with-overlap-72", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chg92}")
# the tiler now cuts 64 px tiles with a 4 px overlap on each side
before = torch.rand(2, 4, 72, 72) * 10000
after = torch.rand(2, 4, 72, 72) * 10000
out = m(before, after)
""", "The tiler was changed to add a 4-pixel overlap on each side (72 x 72 tiles), but the "
       "change package was exported for static 64 x 64 tiles.",
       "Cut 64 x 64 tiles (or export with dynamic tile Dims and trim the overlap after).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _c("case_11", "window-read-as-view", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{chg92}")
mosaic_b = torch.rand(2, 4, 512, 512) * 10000    # two co-registered scenes held in memory
mosaic_a = torch.rand(2, 4, 512, 512) * 10000
before = mosaic_b[:, :, 128:192, 256:320]        # a 64 x 64 window, sliced without a copy
after = mosaic_a[:, :, 128:192, 256:320]
out = m(before, after)
""", "The 64 x 64 windows are slices (views) of the in-memory scenes, so their strides are the "
       "scene's (512 per row), not those of the contiguous tiles the package was exported for.",
       "Call .contiguous() on the windows (or copy them out of the mosaic) before the call.",
       needs=("r",), env=CHECK, match=r"stride")


def case_12():
    return _c("case_12", "sensor-id-python-int", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{sens92}")
tiles = torch.rand(2, 4, 64, 64) * 10000
out = m(tiles, 0)                                # both tiles are Sentinel-2A
""", "The sensor id is passed as a Python int, while the package was exported with a per-tile "
       "int64 sensor-id tensor input.",
       "Pass torch.tensor([0, 0]) (one id per tile).", needs=("s",), env=CHECK, match=r".")


def case_13():
    return _c("case_13", "mask-without-channel-dim", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{seg92}")
tile = torch.rand(1, 4, 128, 128) * 10000
valid = torch.rand(1, 128, 128) > 0.05           # the no-data mask from the reader: (1, rows, cols)
out = m(tile, valid.float())
""", "The no-data mask is passed as (1, rows, cols) while the package expects (1, 1, rows, cols) "
       "with a channel dimension.",
       "Add the channel dimension (valid[:, None]) before the call.",
       needs=("r",), env=CHECK, match=r".")


# --------------------------------------------------------------------- run: shapes (R, S)
def case_14():
    return _c("case_14", "whole-aoi-pairs-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{chg92}")
before = torch.rand(40, 4, 64, 64) * 10000       # all 40 tiles of the area of interest at once
after = torch.rand(40, 4, 64, 64) * 10000
out = m(before, after)
""", "All 40 tile pairs of the area of interest are sent in one call, but the change package's "
       "pairs Dim was exported with max=8.",
       "Send the tiles in batches of at most 8 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"too large|8|range|bound")


def case_15():
    return _c("case_15", "swath-edge-strip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{seg92}")
tile = torch.rand(1, 4, 20, 512) * 10000         # the last strip of rows at the swath edge
out = m(tile, torch.ones(1, 1, 20, 512))
""", "The last strip at the swath edge is only 20 rows high, below the segmentation package's "
       "min=32 for the tile height.",
       "Pad the edge strip to at least 32 rows with no-data (valid=0), or export with a smaller "
       "min.", needs=("r",), env=CHECK, match=r"too small|32|range|bound")


def case_16():
    return _c("case_16", "mask-at-20m-resolution", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{seg92}")
tile = torch.rand(1, 4, 128, 128) * 10000        # 10 m bands
valid = torch.ones(1, 1, 64, 64)                 # the SCL-derived mask comes at 20 m
out = m(tile, valid)
""", "The no-data mask is derived from the 20 m scene classification layer (64 x 64) while the "
       "tile is at 10 m (128 x 128); the package's tile and mask share the h and w Dims.",
       "Upsample the mask to 10 m (nearest) before the call.",
       needs=("r",), env=CHECK, match=r"64==128|expected size")


def case_17():
    return _c("case_17", "new-sensor-id-3", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{sens92}")
tiles = torch.rand(2, 4, 64, 64) * 10000
sensor = torch.tensor([0, 3])                    # 3 = Landsat-9, added to the catalogue last week
out = m(tiles, sensor)
""", "Sensor id 3 (Landsat-9) is new in the catalogue, but the package's per-sensor statistics "
       "table has rows only for ids 0-2.",
       "Map Landsat-9 to the Landsat-8 statistics row (2) or re-export with a fourth row.",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_18():
    return _c("case_18", "worldcover-raw-codes", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lc92}")
codes = torch.tensor([10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 100])
classes = codes[torch.randint(0, 11, (2, 64, 64))]   # ESA WorldCover raster values, not remapped
out = m(classes)
""", "The land-cover raster is passed with its raw ESA WorldCover codes (10..100) instead of the "
       "remapped class ids 0..10 the embedding was trained on.",
       "Remap the codes with the training lookup table before the call.",
       needs=("s",), expect="crash", match=r"out of bounds|index")


# ----------------------------------------------------------------------- run: numerics (S)
def case_19():
    return _c("case_19", "baseline-0400-offset-kept", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{idx92}")
refl = torch.rand(4, 4, 64, 64) * 0.4 + 0.02
dn = refl * 10000 + 1000                         # processing baseline 04.00: BOA_ADD_OFFSET -1000
ndvi = m(dn)[:, 0]
want = (refl[:, 3] - refl[:, 2]) / (refl[:, 3] + refl[:, 2])
torch.testing.assert_close(ndvi, want, atol=0.02, rtol=0)
""", "Sentinel-2 products since processing baseline 04.00 carry a +1000 radiometric offset that "
       "the pipeline does not subtract, so the model's reflectances and NDVI are biased.",
       "Subtract BOA_ADD_OFFSET (1000) from the digital numbers (for baseline >= 04.00) before "
       "the call.", needs=("s",), match=r"not close")


def case_20():
    return _c("case_20", "dark-object-subtraction-zeros", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{idx92}")
dn = torch.rand(2, 4, 64, 64) * 3000 + 200
dark = dn.amin(dim=(2, 3), keepdim=True)         # dark-object subtraction per band
dn = (dn - dark).clamp(min=0)
dn[:, :, 10:20, 10:20] = dn[:, :, 10:20, 10:20].clamp(max=0)   # terrain shadow: every band at the dark value
idx = m(dn)
assert torch.isfinite(idx).all(), f"non-finite NDVI/NDWI pixels: {int((~torch.isfinite(idx)).sum())}"
""", "After dark-object subtraction the shadowed pixels are exactly 0 in red and nir (and green), "
       "so NDVI and NDWI compute 0/0 and give NaN.",
       "Add a small epsilon to the index denominators or mask pixels whose band sum is 0.",
       needs=("s",), match=r"AssertionError")


def case_21():
    return _c("case_21", "landsat-c2-dn-into-s2-model", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{idx92}")
refl = torch.rand(4, 4, 64, 64) * 0.4 + 0.02
dn = (refl + 0.2) / 2.75e-05                     # Landsat Collection 2 L2: refl = DN * 2.75e-5 - 0.2
ndvi = m(dn)[:, 0]
want = (refl[:, 3] - refl[:, 2]) / (refl[:, 3] + refl[:, 2])
torch.testing.assert_close(ndvi, want, atol=0.02, rtol=0)
""", "Landsat Collection 2 digital numbers (scale 2.75e-5, offset -0.2) are fed to the index "
       "package that assumes Sentinel-2 scaling (DN / 10000, no offset), so the NDVI is wrong.",
       "Convert Landsat DN to reflectance (DN * 2.75e-5 - 0.2) and then to the Sentinel-2 DN "
       "scale before the call.", needs=("s",), match=r"not close")


# ------------------------------------------------------------------- run: constants (S)
def case_22():
    return _c("case_22", "stats-table-with-landsat9-row", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{sens92}")
mean = torch.tensor([[1350.0, 1250.0, 1180.0, 2650.0], [1400.0, 1300.0, 1250.0, 2500.0],
                     [9200.0, 9400.0, 9100.0, 14800.0], [9150.0, 9350.0, 9050.0, 14700.0]])
std = torch.tensor([[600.0, 550.0, 700.0, 900.0], [650.0, 600.0, 720.0, 950.0],
                    [1500.0, 1400.0, 1800.0, 2600.0], [1480.0, 1390.0, 1790.0, 2580.0]])
m.load_constants({"mean": mean, "std": std}, check_full_update=False)   # Landsat-9 row appended
out = m(torch.rand(2, 4, 64, 64) * 10000, torch.tensor([0, 3]))
""", "The refreshed per-sensor statistics tables have a fourth (Landsat-9) row, but the package's "
       "mean/std constants were compiled with shape (3, 4).",
       "Re-export the model with the four-sensor tables; load_constants can only swap values of "
       "the same shape.", needs=("s",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_23():
    return _c("case_23", "full-granule-one-call", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{seg92}")
tile = torch.rand(1, 4, 10980, 10980) * 10000    # a whole Sentinel-2 granule (110 km) at 10 m
valid = torch.ones(1, 1, 10980, 10980)
# the batch worker's container: 1 GiB left above the loaded model and the granule
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    out = m(tile, valid)
""", "The whole 10980 x 10980 granule is segmented in one call; the 6-class output alone is "
       "about 2.9 GB, far above the 1 GiB the worker has left.",
       "Segment the granule in overlapping tiles (e.g. 1024 x 1024) and stitch the outputs.",
       needs=("r",), match=r"memory|alloc")


def case_24():
    return _c("case_24", "footprint-nodata-minus-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{lc92}")
classes = torch.randint(0, 11, (2, 64, 64))
classes[:, :, 40:] = -1                          # outside the orbit footprint: no-data -1
out = m(classes)
""", "Pixels outside the orbit footprint carry the no-data value -1 in the land-cover raster, "
       "which is not a valid row of the 11-class embedding.",
       "Map no-data pixels to a valid class id (or a dedicated no-data row) and mask their "
       "outputs afterwards.", needs=("s",), expect="crash", match=r"out of bounds|index")


def case_25():
    return _c("case_25", "mask-png-0-255", "numerical", "run", """
torch.manual_seed(0)
m = torch._inductor.aoti_load_package("{seg92}")
tile = torch.rand(1, 4, 128, 128) * 10000
valid = (torch.rand(1, 1, 128, 128) > 0.1).float() * 255   # the mask PNG as written by QGIS: 0 / 255
logits = m(tile, valid)
want = m(tile, valid / 255)
torch.testing.assert_close(logits, want)
""", "The no-data mask is read from a PNG with values 0/255 instead of 0/1; the model multiplies "
       "the features and the logits by it, so valid pixels get logits scaled by about 65000.",
       "Convert the mask to 0/1 (mask > 0) before the call.",
       needs=("r",), match=r"not close")


def case_26():
    return _c("case_26", "landsat9-stats-as-new-keys", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{sens92}")
# the new training run stores the Landsat-9 statistics as extra buffers next to the table
l9 = {"mean_l9": torch.tensor([9150.0, 9350.0, 9050.0, 14700.0]),
      "std_l9": torch.tensor([1480.0, 1390.0, 1790.0, 2580.0])}
m.load_constants(l9, check_full_update=False)
""", "The refreshed statistics add Landsat-9 as new buffers (mean_l9, std_l9) that the deployed "
       "package never had; load_constants can only replace constants compiled into it.",
       "Re-export the model with the Landsat-9 statistics (e.g. a fourth row of the mean/std "
       "tables) instead of loading new keys into the old package.",
       needs=("s",), match=r"Constant not found")


CASES = [case_01, case_02, case_03, case_04, case_05, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20,
         case_21, case_23, case_24, case_25, case_26]
# Failed in the trial, but on another check than the labelled one: case_22 (per-sensor tables
# with a fourth, Landsat-9 row loaded with load_constants into the 3-row package, labelled
# constant_loading): load_constants accepted the (4, 4) tables without a shape error, and the
# call then aborted on the compiled kernel's index check (0 <= id < 3) for sensor id 3 -- an
# index_out_of_bounds text, not a constant-loading one.
DROPPED = [case_22]
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind92.jsonl",
        url_file="benchmarks/live_blind92.py", id_prefix="live92", stems=STEMS,
        scratch_prefix="live_blind92-", description=__doc__.splitlines()[0]))
