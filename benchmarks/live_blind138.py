"""A hundred-and-thirty-eighth blind set of REAL AOTInductor failures (cartography and GIS models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind138.py [--out benchmarks/live_blind138.jsonl] [--keep]

Theme: cartography and GIS (a map-tile segmenter giving background / road / building / water
logits for 256 px RGB raster tiles with a zoom-level embedding, a DEM terrain model giving slope in
degrees and flood depth from elevations in metres, a cell size in metres and a water level, a GPS
map-matcher scoring candidate road segments per fix from lat/lon in degrees (EPSG:4326) and
heading against a road-segment table, an address geocoder scoring candidate addresses from hashed
address tokens and a lat/lon hint, a land-parcel valuation model with a zoning embedding and a
per-zone price table, a routing travel-time estimate over road-edge length and speed tables with a
rush-hour factor, and a point-of-interest deduplicator over POI pairs with a category embedding),
exported, compiled, loaded and run as a GIS / mapping data scientist would. No trigger repeats one
of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind136.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
N_CLASS = 4     # background, road, building, water
N_ZOOM = 20     # web-map zoom levels 0..19 (rows)

class TileSeg(torch.nn.Module):
    # per-pixel class logits (background, road, building, water) of raster map tiles
    # (tiles, 3, 256, 256) RGB in 0..1, with the tiles' zoom level (tiles,) 0..19
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.zoom = torch.nn.Embedding(N_ZOOM, 8)
        self.head = torch.nn.Conv2d(8, N_CLASS, 1)
    def forward(self, img, zoom):
        h = torch.relu(self.c1(img) + self.zoom(zoom)[:, :, None, None])
        return self.head(h)

class Dem(torch.nn.Module):
    # slope (degrees) and flood depth (m) of the inner cells of DEM tiles (dems, rows, cols) of
    # elevations in metres, with the cell size in metres (dems,) and the water level in m (dems,)
    def forward(self, dem, cell, level):
        c = 2.0 * cell[:, None, None]
        dzdx = (dem[:, 1:-1, 2:] - dem[:, 1:-1, :-2]) / c
        dzdy = (dem[:, 2:, 1:-1] - dem[:, :-2, 1:-1]) / c
        slope = torch.rad2deg(torch.atan(torch.sqrt(dzdx * dzdx + dzdy * dzdy)))
        depth = torch.relu(level[:, None, None] - dem[:, 1:-1, 1:-1])
        return torch.stack([slope, depth], 1)

N_SEG = 500     # road segments of the matching graph (rows 0..499)
M_PER_DEG = 111320.0

class MapMatch(torch.nn.Module):
    # probability of each candidate road segment per GPS fix: fixes (traces, points, 3) lat, lon
    # in degrees (EPSG:4326) and heading in degrees; candidates (traces, points, k) segment rows
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        self.register_buffer("mid", torch.stack([52.50 + 0.05 * torch.rand(N_SEG, generator=g),
                                                 13.35 + 0.08 * torch.rand(N_SEG, generator=g)], 1))
        self.register_buffer("bearing", 360.0 * torch.rand(N_SEG, generator=g))
        self.sigma = torch.nn.Parameter(torch.tensor(20.0))           # GPS noise (m)
    def forward(self, fix, cand):
        mid = self.mid[cand]                                           # (t, p, k, 2)
        lat = fix[..., 0:1]
        dn = (lat - mid[..., 0]) * M_PER_DEG
        de = (fix[..., 1:2] - mid[..., 1]) * M_PER_DEG * torch.cos(torch.deg2rad(lat))
        d = torch.sqrt(dn * dn + de * de)
        dh = torch.cos(torch.deg2rad(fix[..., 2:3] - self.bearing[cand]))
        return torch.softmax(-0.5 * (d / self.sigma) ** 2 + 2.0 * dh, -1)

def haversine(a, b):
    # great-circle distance in km between (..., 2) lat/lon points in degrees
    la1, lo1, la2, lo2 = [torch.deg2rad(t) for t in (a[..., 0], a[..., 1], b[..., 0], b[..., 1])]
    h = torch.sin((la2 - la1) / 2) ** 2 + torch.cos(la1) * torch.cos(la2) * torch.sin((lo2 - lo1) / 2) ** 2
    return 2.0 * 6371.0 * torch.asin(torch.sqrt(h.clamp(0.0, 1.0)))

N_TOK = 4096    # hashed address-token vocabulary (rows 0..4095)

class Geocode(torch.nn.Module):
    # match probability of candidate addresses per query: query tokens (q, lq) hashed 0..4095, the
    # query's lat/lon hint (q, 2) in degrees; candidate tokens (q, k, lc), candidate lat/lon (q, k, 2)
    def __init__(self):
        super().__init__()
        self.tok = torch.nn.Embedding(N_TOK, 16)
    def forward(self, qtok, qpos, ctok, cpos):
        qe = torch.nn.functional.normalize(self.tok(qtok).mean(1), dim=-1)
        ce = torch.nn.functional.normalize(self.tok(ctok).mean(2), dim=-1)
        sim = (ce * qe.unsqueeze(1)).sum(-1)
        km = haversine(qpos.unsqueeze(1), cpos)
        return torch.softmax(4.0 * sim - km / 5.0, -1)

N_ZONE = 12     # zoning classes (rows 0..11)

class Parcel(torch.nn.Module):
    # market value (EUR) of land parcels from (parcels, 5): area in m2, street frontage in m,
    # distance to the city centre in km, mean slope in degrees, flood-zone flag; zoning row 0..11
    def __init__(self):
        super().__init__()
        self.zone = torch.nn.Embedding(N_ZONE, 4)
        self.register_buffer("base", 150.0 + 50.0 * torch.arange(N_ZONE).float())   # EUR per m2
        self.lin = torch.nn.Linear(5 + 4, 1)
    def forward(self, feat, zone):
        area, front, dist, slope, flood = feat.unbind(1)
        f = torch.stack([torch.log1p(area) / 10.0, front / 50.0, dist / 10.0, slope / 30.0, flood], 1)
        adj = 0.2 * torch.tanh(self.lin(torch.cat([f, self.zone(zone)], 1))).squeeze(-1)
        return area * self.base[zone] * torch.exp(adj - 0.05 * dist - 0.3 * flood)

N_EDGE = 800    # directed road edges of the routing graph (rows 0..799; row 0 the zero-length pad)

class Route(torch.nn.Module):
    # travel time in minutes of routes: edge rows (routes, edges) 0..799 and the departure hour of
    # day (routes,) 0..24, with per-edge length (m) and speed (km/h) tables and a rush-hour factor
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(3)
        length = 50.0 + 450.0 * torch.rand(N_EDGE, generator=g)
        length[0] = 0.0
        self.register_buffer("length", length)
        self.register_buffer("speed", torch.tensor([30.0, 50.0, 80.0, 120.0])[
            torch.randint(0, 4, (N_EDGE,), generator=g)])
        self.turn = torch.nn.Parameter(torch.tensor(0.1))              # minutes per edge
    def forward(self, edges, hour):
        sec = self.length[edges] / (self.speed[edges] / 3.6)
        peak = (1.0 + 0.5 * torch.exp(-((hour - 8.0) / 1.5) ** 2)
                + 0.4 * torch.exp(-((hour - 17.5) / 1.5) ** 2))
        return (sec.sum(1) / 60.0 + self.turn * edges.shape[1]) * peak

N_CAT = 30      # POI categories (rows 0..29)

class PoiDup(torch.nn.Module):
    # probability that two POI records are the same place: positions (pairs, 2, 2) lat/lon in
    # degrees, category rows (pairs, 2) 0..29, name similarity (pairs,) 0..1 (trigram Jaccard)
    def __init__(self):
        super().__init__()
        self.cat = torch.nn.Embedding(N_CAT, 8)
    def forward(self, pos, cat, namesim):
        m = 1000.0 * haversine(pos[:, 0], pos[:, 1])
        e = torch.nn.functional.normalize(self.cat(cat), dim=-1)
        csim = (e[:, 0] * e[:, 1]).sum(-1)
        return torch.sigmoid(3.0 * namesim + csim - m / 50.0)

def tiles(n=2, px=256):
    return torch.rand(n, 3, px, px), torch.randint(14, 19, (n,))

def dems(n=2, rows=64, cols=64):
    y, x = torch.meshgrid(torch.arange(rows).float(), torch.arange(cols).float(), indexing="ij")
    dem = 120.0 + 0.3 * x + 0.2 * y + 2.0 * torch.sin(x / 7.0) * torch.cos(y / 5.0)   # gentle terrain
    dem = dem.expand(n, rows, cols) + 0.2 * torch.rand(n, rows, cols)
    return dem, torch.full((n,), 30.0), torch.full((n,), 125.0)

def trace(traces=2, points=60, k=4):
    g = torch.Generator().manual_seed(2)
    true = torch.randint(0, N_SEG, (traces, points), generator=g)
    cand = torch.cat([true.unsqueeze(-1), torch.randint(0, N_SEG, (traces, points, k - 1), generator=g)], -1)
    mm = MapMatch()
    ll = mm.mid[true] + 0.00005 * torch.randn(traces, points, 2, generator=g)
    return torch.cat([ll, mm.bearing[true].unsqueeze(-1)], -1), cand

def addresses(q=4, k=5, lq=6, lc=6):
    qtok = torch.randint(0, N_TOK, (q, lq))
    ctok = torch.randint(0, N_TOK, (q, k, lc))
    ctok[:, 0, :lq] = qtok[:, :lc]
    qpos = torch.stack([48.10 + 0.1 * torch.rand(q), 11.50 + 0.1 * torch.rand(q)], 1)
    cpos = qpos.unsqueeze(1) + 0.01 * torch.randn(q, k, 2)
    return qtok, qpos, ctok, cpos

def parcels(n=8):
    feat = torch.stack([300.0 + 1200.0 * torch.rand(n), 10.0 + 30.0 * torch.rand(n),
                        1.0 + 15.0 * torch.rand(n), 10.0 * torch.rand(n),
                        (torch.rand(n) < 0.15).float()], 1)
    return feat, torch.randint(0, N_ZONE, (n,))

def routes(n=4, e=40):
    return torch.randint(1, N_EDGE, (n, e)), torch.tensor([8.0, 17.5, 3.0, 12.0])[torch.arange(n) % 4]

def pois(n=6):
    a = torch.stack([52.45 + 0.1 * torch.rand(n), 13.30 + 0.2 * torch.rand(n)], 1)
    b = a + 0.00003 * torch.randn(n, 2)
    return torch.stack([a, b], 1), torch.randint(0, N_CAT, (n, 2)), torch.rand(n)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
t = Dim("tiles", min=1, max=64)
build("tile138", TileSeg().eval(), tiles(2), dynamic_shapes=({0: t}, {0: t}))
d, rw, cl = Dim("dems", min=1, max=16), Dim("rows", min=16, max=2048), Dim("cols", min=16, max=2048)
build("dem138", Dem().eval(), dems(2, 64, 64), dynamic_shapes=({0: d, 1: rw, 2: cl}, {0: d}, {0: d}))
tr, p, k = Dim("traces", min=1, max=64), Dim("points", min=2, max=3600), Dim("candidates", min=2, max=16)
build("match138", MapMatch().eval(), trace(2, 60, 4), dynamic_shapes=({0: tr, 1: p}, {0: tr, 1: p, 2: k}))
q, kc = Dim("queries", min=1, max=256), Dim("cands", min=2, max=32)
lq, lc = Dim("qtokens", min=2, max=24), Dim("ctokens", min=2, max=24)
build("geo138", Geocode().eval(), addresses(4, 5, 6, 6),
      dynamic_shapes=({0: q, 1: lq}, {0: q}, {0: q, 1: kc, 2: lc}, {0: q, 1: kc}))
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
n = Dim("parcels", min=1, max=4096)
build("parcel138", Parcel().eval(), parcels(8), dynamic_shapes=({0: n}, {0: n}))
r, e = Dim("routes", min=1, max=256), Dim("edges", min=2, max=1024)
build("route138", Route().eval(), routes(4, 40), dynamic_shapes=({0: r, 1: e}, {0: r}))
pr = Dim("pairs", min=1, max=4096)
build("poi138", PoiDup().eval(), pois(6), dynamic_shapes=({0: pr}, {0: pr}, {0: pr}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"tile138", "dem138", "match138", "geo138", "parcel138", "route138", "poi138",
         "poiall138", "drone138"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "flood-fill-until-no-change", "export_failure", "export", """
from torch.export import Dim
class FloodFill(Dem):
    # connected flooding from the river outlet (the tile centre): grow until nothing changes
    def forward(self, dem, cell, level):
        below = dem < level[:, None, None]
        wet = torch.zeros_like(below)
        wet[:, dem.shape[1] // 2, dem.shape[2] // 2] = True
        while True:
            grown = (torch.nn.functional.max_pool2d(wet.float().unsqueeze(1), 3, 1, 1).squeeze(1) > 0) & below
            if not (grown != wet).any():
                break
            wet = grown
        return wet.float()
d, rw, cl = Dim("dems", min=1, max=16), Dim("rows", min=16, max=2048), Dim("cols", min=16, max=2048)
ep = torch.export.export(FloodFill().eval(), dems(2, 64, 64), dynamic_shapes=({0: d, 1: rw, 2: cl}, {0: d}, {0: d}))
""", "The DEM flood fill grows the flooded area from the river outlet in a Python while loop that "
       "stops when no cell changes, a Python branch on tensor data (any()) that torch.export "
       "cannot trace.", "Run a fixed number of growth steps (or torch.cond / a while_loop "
       "higher-order op), or do the flood fill outside the exported model.", match=r".")


def case_02():
    return _m("case_02", "slope-by-numpy-gradient", "export_failure", "export", """
import numpy as np
from torch.export import Dim
class DemNp(Dem):
    # slope with numpy's gradient, as in the GIS analyst's notebook
    def forward(self, dem, cell, level):
        gy, gx = np.gradient(dem[0].numpy(), 30.0)
        g = torch.from_numpy(np.hypot(gx, gy)).unsqueeze(0)
        return torch.rad2deg(torch.atan(g))
d, rw, cl = Dim("dems", min=1, max=16), Dim("rows", min=16, max=2048), Dim("cols", min=16, max=2048)
ep = torch.export.export(DemNp().eval(), dems(2, 64, 64), dynamic_shapes=({0: d, 1: rw, 2: cl}, {0: d}, {0: d}))
""", "The terrain model computes the slope with numpy's np.gradient over dem.numpy() inside "
       "forward, and torch.export traces with fake tensors that have no data to hand to numpy.",
       "Compute the gradients with tensor slicing (or torch.gradient) inside forward.",
       match=r".")


def case_03():
    return _m("case_03", "whole-tile-under-water-early-return", "export_failure", "export", """
from torch.export import Dim
class DemSubmerged(Dem):
    def forward(self, dem, cell, level):
        if (level[:, None, None] > dem).all():      # the whole tile is under water: no slope needed
            return torch.stack([torch.zeros_like(dem), level[:, None, None] - dem], 1)[:, :, 1:-1, 1:-1]
        return super().forward(dem, cell, level)
d, rw, cl = Dim("dems", min=1, max=16), Dim("rows", min=16, max=2048), Dim("cols", min=16, max=2048)
ep = torch.export.export(DemSubmerged().eval(), dems(2, 64, 64), dynamic_shapes=({0: d, 1: rw, 2: cl}, {0: d}, {0: d}))
""", "The terrain model returns early when the water level is above every cell of the tile, a "
       "Python if on tensor data that torch.export cannot trace.", "Compute both results and "
       "select with torch.where (or drop the shortcut).", match=r".")


def case_04():
    return _m("case_04", "unet-skip-any-tile-size", "dynamic_shape_guard", "export", """
from torch.export import Dim
class TileUNet(TileSeg):
    # one pooling level with a skip connection, for context beyond the 3x3 window
    def forward(self, img, zoom):
        h = torch.relu(self.c1(img) + self.zoom(zoom)[:, :, None, None])
        u = torch.nn.functional.interpolate(torch.nn.functional.max_pool2d(h, 2), scale_factor=2.0)
        return self.head(h + u)
t, px = Dim("tiles", min=1, max=64), Dim("px", min=64, max=1024)   # 256 and 512 px tiles, and crops
ep = torch.export.export(TileUNet().eval(), tiles(2, 256), dynamic_shapes=({0: t, 2: px, 3: px}, {0: t}))
""", "The tile segmenter's pooling level with a skip connection adds the full-size features to "
       "the pooled-and-upsampled ones, which match only for an even tile size, but the px Dim "
       "is declared for any size 64..1024, so export refuses the specification.", "Declare the "
       "tile size as 2 * Dim (e.g. px = 2 * Dim('half', min=32, max=512)), or pad crops to an "
       "even size.", match=r".")


def case_05():
    return _m("case_05", "dynamic-shapes-keys-old-arg-names", "dynamic_shape_guard", "export", """
from torch.export import Dim
q, kc = Dim("queries", min=1, max=256), Dim("cands", min=2, max=32)
lq, lc = Dim("qtokens", min=2, max=24), Dim("ctokens", min=2, max=24)
# the export script of the geocoder's first version, whose forward took (query, hint, cand, cand_pos)
ep = torch.export.export(Geocode().eval(), addresses(4, 5, 6, 6),
                         dynamic_shapes={"query": {0: q, 1: lq}, "hint": {0: q},
                                         "cand": {0: q, 1: kc, 2: lc}, "cand_pos": {0: q, 1: kc}})
""", "The geocoder's dynamic_shapes dict is keyed by the argument names of its first version "
       "(query, hint, cand, cand_pos), while forward now takes (qtok, qpos, ctok, cpos), so "
       "export refuses the specification.", "Key dynamic_shapes by the current forward argument "
       "names (or pass a tuple in argument order).", match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_06():
    return _m("case_06", "whole-day-1hz-gps-trace", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{match138}")
fix, cand = trace(2, 86400, 4)                      # two couriers' whole day, logged at 1 Hz
p = m(fix, cand)
""", "Two couriers' whole-day GPS traces logged at 1 Hz (86400 fixes each) are map-matched in one call, "
       "above the longest trace the map-matching package accepts (the points Dim was declared "
       "with max=3600).", "Split the trace into windows of at most 3600 fixes (or downsample "
       "to the rate the matcher was exported for).", needs=("r",), env=CHECK,
       match=r"too large|range|bound")


def case_07():
    return _m("case_07", "full-srtm-1-degree-tile", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{dem138}")
dem, cell, level = dems(2, 3601, 3601)              # two whole SRTM 1-arc-second 1x1 degree tiles
out = m(dem, cell, level)
""", "Two whole 1x1 degree SRTM tiles (3601 x 3601 cells each) are sent in one call, above the largest "
       "DEM window the terrain package accepts (rows and cols Dims declared with max=2048).",
       "Process the tile in windows of at most 2048 cells (with a 1-cell overlap for the slope).",
       needs=("r",), env=CHECK, match=r"too large|range|bound")


def case_08():
    return _m("case_08", "exact-address-hit-one-candidate", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{geo138}")
qtok, qpos, ctok, cpos = addresses(4, 1, 6, 6)      # the address index found one exact hit per query
p = m(qtok, qpos, ctok, cpos)
""", "The address index returns a single exact-hit candidate per query, below the fewest "
       "candidates the geocoder package accepts (the cands Dim was declared with min=2).",
       "Skip the model for single-candidate queries (or pad with a dummy candidate).",
       needs=("r",), env=CHECK, match=r"too small|range|bound")


# ------------------------------------------------------------------------ run: inputs
def case_09():
    return _m("case_09", "retina-512px-tiles", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tile138}")
img, zoom = tiles(2, 512)                           # the tile server's @2x (retina) tiles
logits = m(img, zoom)
""", "The tile server's @2x (retina) tiles are 512 x 512 px, sent to the tile-segmentation "
       "package exported for 256 x 256 px tiles.", "Request the 1x tiles (or downsample / cut "
       "the @2x tiles into 256 px quarters) before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "srtm-geotiff-int16", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{dem138}")
dem, cell, level = dems(2, 64, 64)
raw = dem.round().to(torch.int16)                   # the SRTM GeoTIFF band is Int16, read as is
out = m(raw, cell, level)
""", "The SRTM GeoTIFF band is stored as Int16 and read as is, so an int16 elevation tensor "
       "goes into the terrain package exported for float32 elevations.", "Convert the band "
       "with .float() (after masking no-data) before the call.", needs=("r",), env=CHECK,
       match=r"dtype|Short|Float|int16")


def case_11():
    return _m("case_11", "gpx-elevation-column-kept", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{match138}")
fix, cand = trace(2, 60, 4)
ele = 34.0 + torch.randn(2, 60, 1)                  # the GPX <ele> of every trkpt, kept by the parser
p = m(torch.cat([fix[..., :2], ele, fix[..., 2:]], -1), cand)
""", "The GPX parser keeps each track point's <ele> elevation, so the fixes have four columns "
       "(lat, lon, ele, heading), sent to the map-matching package exported for three.",
       "Drop the elevation column before the call.", needs=("r",), env=CHECK,
       match=r"dim value|size|shape")


def case_12():
    return _m("case_12", "lat-lon-hint-two-tensors", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{geo138}")
qtok, qpos, ctok, cpos = addresses(4, 5, 6, 6)
lat, lon = qpos[:, 0], qpos[:, 1]                   # the hint comes from two dataframe columns
p = m(qtok, lat, lon, ctok, cpos)
""", "The query's lat/lon hint is passed as two tensors (the lat and lon dataframe columns), so "
       "five inputs are sent to the geocoder package exported for four (the hint is one "
       "(queries, 2) tensor).", "Stack the hint with torch.stack([lat, lon], 1) before the call.",
       needs=("r",), env=CHECK, match=r"input|spec|expected|argument")


def case_13():
    return _m("case_13", "one-clicked-parcel-no-batch", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{parcel138}")
feat, zone = parcels(8)
value = m(feat[3], zone[3])                         # the parcel the user clicked on the web map
""", "The parcel clicked on the web map is sent as one row, a (5,) feature vector and a 0-d "
       "zoning index, to the valuation package exported for a (parcels, 5) batch.", "Keep the "
       "batch dimension (feat[3:4], zone[3:4]) before the call.", needs=("s",), env=CHECK,
       match=r"dim|size|shape|rank")


# -------------------------------------------------------------------- run: indices
def case_14():
    return _m("case_14", "drone-orthophoto-zoom-21", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tile138}")
img, _ = tiles(2)
zoom = torch.tensor([21, 20])                       # the drone orthophoto's tile pyramid goes to z21
logits = m(img, zoom)
""", "The drone orthophoto's tile pyramid goes down to zoom 20 and 21, which index the tile "
       "package's 20-row zoom embedding (zoom 0..19).", "Clamp the zoom to 19 (or retrain with "
       "more zoom rows) before the call.", needs=("r",), expect="crash",
       match=r"out of bounds|index|Abort")


def case_15():
    return _m("case_15", "osm-way-ids-as-edge-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{route138}")
# the route from the router: the OpenStreetMap way ids of its edges
edges = torch.tensor([[4045189, 23744802, 23744803, 151203378, 151203379, 28213011]])
minutes = m(edges, torch.tensor([9.0]))
""", "The router returns the route as OpenStreetMap way ids, which are sent as edge rows of the "
       "routing package's 800-row length and speed tables (0..799).", "Map way ids to the "
       "graph's edge rows (the export's id -> row table) before the call.", needs=("s",),
       match=r"out of bounds|index")


def case_16():
    return _m("case_16", "objectid-one-based-candidates", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{match138}")
fix, cand = trace(2, 60, 4)
cand = cand + 1                                     # the candidate search returns the layer's OBJECTID (1-based)
cand[0, 5, 0] = 500                                 # the last segment of the layer
p = m(fix, cand)
""", "The candidate search returns road segments by the GIS layer's OBJECTID, which starts at "
       "1, so the last segment (500) indexes past the map-matching package's 500-row segment "
       "table (0..499).", "Subtract 1 (or map OBJECTIDs to table rows) before the call.",
       needs=("r",), match=r"out of bounds|index")


def case_17():
    return _m("case_17", "provider-category-ids-as-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{poi138}")
pos, _, sim = pois(3)
cat = torch.tensor([[13065, 13065], [17069, 17069], [13032, 13035]])   # the POI provider's category ids
p = m(pos, cat, sim)
""", "The POI provider's own category ids (13065 restaurant, 17069, ...) are sent as category "
       "rows of the dedup package's 30-row category embedding (0..29).", "Map provider "
       "category ids to the trained category rows before the call.", needs=("s",),
       match=r"out of bounds|index")


def case_18():
    return _m("case_18", "address-tokens-hashed-mod-2-20", "index_out_of_bounds", "run", """
import zlib
m = torch._inductor.aoti_load_package("{geo138}")
_, qpos, _, cpos = addresses(2, 5, 4, 4)
def tok(s):                                         # the new tokenizer hashes into 2**20 buckets
    return [zlib.crc32(w.encode()) % 2 ** 20 for w in s.lower().split()]
qtok = torch.tensor([tok("12 Hauptstrasse 80331 Muenchen"), tok("7 Marienplatz 80331 Muenchen")])
ctok = qtok.unsqueeze(1).repeat(1, 5, 1)
p = m(qtok, qpos, ctok, cpos)
""", "The new address tokenizer hashes words into 2**20 buckets, while the geocoder package's "
       "token embedding has 4096 rows, so the hashed ids index past it.", "Hash into the "
       "vocabulary the geocoder was trained with (% 4096).", needs=("r",),
       match=r"out of bounds|index")


# -------------------------------------------------------------------- run: values
def case_19():
    return _m("case_19", "dem-void-minus-32768", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dem138}")
dem, cell, level = dems(1, 64, 64)
dem[0, 30:33, 40:42] = -32768.0                     # SRTM voids (no-data) left in the DEM
out = m(dem, cell, level)
slope = out[:, 0]
assert slope.amax() < 60.0, f"max slope {slope.amax():.1f} deg on gentle farmland"
""", "The DEM's no-data voids (-32768) are left in the elevations, so the cells around them get "
       "slopes near 90 degrees (and flood depths of 33 km), without an error.", "Mask or fill "
       "the no-data cells (e.g. interpolate the voids) before the call.", needs=("r",),
       match=r"AssertionError")


def case_20():
    return _m("case_20", "cell-size-in-degrees-epsg4326", "numerical", "run", """
m = torch._inductor.aoti_load_package("{dem138}")
dem, _, level = dems(1, 64, 64)
cell = torch.tensor([1.0 / 3600.0])                 # the geotransform's pixel size: the DEM is in EPSG:4326
out = m(dem, cell, level)
assert out[:, 0].mean() < 20.0, f"mean slope {out[:, 0].mean():.1f} deg"
""", "The cell size is taken from the geotransform of a DEM in EPSG:4326, so it is 1/3600 "
       "degree instead of about 30 m, and every slope comes out near 90 degrees, without an "
       "error.", "Reproject the DEM to a metric CRS (or convert the cell size to metres) "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "gps-fixes-in-radians", "numerical", "run", """
m = torch._inductor.aoti_load_package("{match138}")
fix, cand = trace(2, 60, 4)
rad = fix.clone()
rad[..., :2] = torch.deg2rad(fix[..., :2])          # the mobile SDK's location: lat/lon in radians
p = m(rad, cand)
hit = (p.argmax(-1) == 0).float().mean()
assert hit > 0.9, f"only {hit:.2f} of the fixes matched to the road they were on"
""", "The mobile SDK delivers the fixes' lat/lon in radians, which go into the map-matching "
       "package that takes degrees, so the fixes land thousands of km from every candidate and "
       "most are matched to the wrong road, without an error.", "Convert radians to degrees "
       "(torch.rad2deg) before the call.", needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "poi-pairs-in-web-mercator-metres", "numerical", "run", """
import math
m = torch._inductor.aoti_load_package("{poi138}")
pos, cat, _ = pois(6)
cat[:, 1] = cat[:, 0]
sim = torch.full((6,), 0.9)                         # six true duplicates: same place, same category
lat, lon = torch.deg2rad(pos[..., 0]), torch.deg2rad(pos[..., 1])
x = 6378137.0 * lon                                 # gdf.to_crs(3857): the POIs in Web Mercator metres
y = 6378137.0 * torch.log(torch.tan(math.pi / 4 + lat / 2))
p = m(torch.stack([y, x], -1), cat, sim)
assert (p > 0.5).all(), f"duplicates not found: {p}"
""", "The POI layer was reprojected to Web Mercator (EPSG:3857) for the web map, and its metre "
       "coordinates go into the dedup package that takes lat/lon degrees, so two records 3 m "
       "apart look hundreds of km apart and no duplicate is found, without an error.", "Send "
       "EPSG:4326 lat/lon (to_crs(4326)) to the package.", needs=("s",),
       match=r"AssertionError")


def case_23():
    return _m("case_23", "departure-minutes-since-midnight", "numerical", "run", """
m = torch._inductor.aoti_load_package("{route138}")
edges, _ = routes(1, 40)
edges = edges.repeat(2, 1)                          # the same route at 08:00 and at 03:00
hour = torch.tensor([480.0, 180.0])                 # the request's departure: minutes since midnight
minutes = m(edges, hour)
assert minutes[0] > 1.3 * minutes[1], f"rush hour {minutes[0]:.1f} min vs night {minutes[1]:.1f} min"
""", "The routing request gives the departure as minutes since midnight (480 for 08:00), sent "
       "as the hour of day, so the rush-hour factor is never applied and the 08:00 trip takes "
       "as long as the night trip, without an error.", "Send the hour of day (minutes / 60) "
       "before the call.", needs=("s",), match=r"AssertionError")


def case_24():
    return _m("case_24", "cadastre-area-in-hectares", "numerical", "run", """
m = torch._inductor.aoti_load_package("{parcel138}")
feat, zone = parcels(8)
ha = feat.clone()
ha[:, 0] = feat[:, 0] / 10000.0                     # the cadastre extract gives the area in hectares
value = m(ha, zone)
assert (value > 5000.0).all(), f"parcel values {value} EUR"
""", "The cadastre extract gives parcel areas in hectares, sent to the valuation package that "
       "takes square metres, so every parcel is valued 10000 times too low, without an error.",
       "Convert hectares to m2 (x 10000) before the call.", needs=("s",),
       match=r"AssertionError")


def case_25():
    return _m("case_25", "osm-pbf-e7-coordinates", "numerical", "run", """
m = torch._inductor.aoti_load_package("{geo138}")
torch.manual_seed(7)
qtok, qpos, ctok, cpos = addresses(8, 5, 6, 6)
# the address points come from the OSM PBF nodes: integer 1e-7 degrees, converted with .float()
e7 = lambda t: (t * 1e7).round().float()
p = m(qtok, e7(qpos), ctok, e7(cpos))
assert (p[:, 0] > 0.5).all(), f"the exact address was not matched: {p[:, 0]}"
""", "The address points come from OSM PBF nodes in integer 1e-7 degrees (E7) and are sent as "
       "degrees, so the geocoder's distances are garbage and the exact address is not the best "
       "match, without an error.", "Divide E7 coordinates by 1e7 before the call.",
       needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_26():
    return _m("case_26", "normaliser-and-segmenter-in-sequential", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{tile138}")
class Normalize(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.45, 0.47, 0.42]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.22, 0.21, 0.23]).view(1, 3, 1, 1))
    def forward(self, x):
        return (x - self.mean) / self.std
# the retrain on the new aerial imagery trains the normaliser and the segmenter as one Sequential
retrained = torch.nn.Sequential(Normalize(), TileSeg())
m.load_constants(retrained.state_dict(), check_full_update=True)
logits = m(*tiles(2))
""", "The retrain on new aerial imagery wraps the normaliser and the segmenter in one "
       "nn.Sequential, so its state_dict names the weights 0.mean, 0.std, 1.c1.weight, ..., "
       "and load_constants refuses names the tile package does not have (its constants are "
       "c1.weight, zoom.weight, head.*).", "Load the segmenter's own state_dict "
       "(retrained[1].state_dict()).", needs=("r",), match=r".")


# ----------------------------------------------------------------------- run: resources
def case_27():
    return _m("case_27", "dense-poi-dedup-whole-country", "out_of_memory", "run", """
import resource
from torch.export import Dim
class DedupAll(torch.nn.Module):
    # great-circle distance (km) between every pair of POIs of the extract
    def forward(self, pos):
        return haversine(pos.unsqueeze(1), pos.unsqueeze(0))
n = Dim("pois", min=2, max=5000000)
ep = torch.export.export(DedupAll(), (pois(40)[0][:, 0],), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/poiall138.pt2")
m = torch._inductor.aoti_load_package(pkg)
pos = pois(2000000)[0][:, 0]                        # every POI of the national extract
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the GIS server's 2 GiB margin
d = m(pos)
""", "The POI dedup builds the dense distance matrix of every pair of the national extract's 2 "
       "million POIs in one call, about 16 TB of float32.", "Block the POIs by grid cell (or "
       "use a spatial index to get candidate pairs) instead of a dense all-pairs matrix.",
       match=r"memory|alloc")


# ----------------------------------------------------------------------- compile
def case_28():
    return _m("case_28", "flood-model-for-drone-aarch64", "compile_toolchain", "compile", """
from torch.export import Dim
d, rw, cl = Dim("dems", min=1, max=16), Dim("rows", min=16, max=2048), Dim("cols", min=16, max=2048)
ep = torch.export.export(Dem().eval(), dems(2, 64, 64), dynamic_shapes=({0: d, 1: rw, 2: cl}, {0: d}, {0: d}))
pkg = torch._inductor.aoti_compile_and_package(
    ep, package_path="{scratch}/drone138.pt2",
    inductor_configs={"cpp.cxx": ("aarch64-linux-gnu-g++",)})   # for the survey drone's aarch64 companion computer
""", "The flood package is built with cpp.cxx set to the aarch64 cross compiler for the survey "
       "drone's companion computer, which is not installed on the build machine, so the C++ "
       "compile step fails.", "Build on (or for) the target with an installed compiler: install "
       "the cross toolchain, or compile on the aarch64 device itself.", match=r".")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27, case_28]
DROPPED = []
TRIED = []

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind138.jsonl",
        url_file="benchmarks/live_blind138.py", id_prefix="live138", stems=STEMS,
        scratch_prefix="live_blind138-", description=__doc__.splitlines()[0]))
