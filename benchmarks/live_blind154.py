"""A hundred-and-fifty-fourth blind set of REAL AOTInductor failures (bowling alleys and family entertainment centres), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind154.py [--out benchmarks/live_blind154.jsonl] [--keep]

Theme: bowling alleys and family entertainment centres (a lane-occupancy forecaster giving each
booking slot's forecast occupancy and lane-hour revenue from the slot's occupied fraction in past
weeks, the lane row of a 24-lane factor table and the opening-hour row of a 14-hour factor table; a
league handicap calculator giving each bowler's average and handicap (90 % of 220 minus the
average) from the season's game totals; an arcade prize-redemption forecaster giving the tickets
paid out and the prize cost from the tokens played per cabinet and the cabinet row of a 40-cabinet
payout table; a shoe-rental inventory model giving the pairs needed per session and size from the
expected bowlers and the size rows of a 24-size share table; a pinsetter fault predictor over the
controller's motor current, sweep cycle time, deck descent time, vibration and gearbox temperature
logged once a second; and a ball-trajectory model giving the entry board and entry angle at the
head pin from the lane camera's per-frame ball positions in boards and feet), exported, compiled,
loaded and run as a bowling centre chain's data team would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind153.py (their TRIED
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
N_LANE = 24     # lanes 1..24 -> rows 0..23
N_HOUR = 14     # opening hours, starts 10:00 .. 23:00 -> rows 0..13
N_CAB = 40      # redemption cabinets on the arcade floor -> rows 0..39
N_SIZE = 24     # rental shoe sizes EU 26..49 -> rows 0..23
LANE_FT = 60.0  # foul line to head pin, feet
BOARD_FT = 41.5 / 39 / 12   # one board, in feet
HOUR_F = [0.5, 0.55, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0, 1.15, 1.3, 1.4, 1.35, 1.2, 0.9]
LANE_PRICE = 32.0           # EUR per lane-hour

class Occupancy(torch.nn.Module):
    # lane occupancy: occupied fraction of the booking slot in past weeks (slots, weeks) 0..1, the
    # lane row (slots,) 0..23 and the opening-hour row (slots,) 0..13 -> forecast occupancy, revenue
    def __init__(self):
        super().__init__()
        self.register_buffer("lane_f", torch.linspace(0.9, 1.1, N_LANE))   # lanes near the bar sell first
        self.register_buffer("hour_f", torch.tensor(HOUR_F))
    def forward(self, hist, lane, hour):
        f = hist[:, -4:].mean(1) * self.lane_f[lane] * self.hour_f[hour]
        return torch.stack([f, f * LANE_PRICE], 1)

class Handicap(torch.nn.Module):
    # league handicap: each bowler's game totals this season (bowlers, games), 0..300 -> the
    # average (floored) and the handicap, 90 % of (basis 220 - average), floored, not below 0
    def __init__(self):
        super().__init__()
        self.register_buffer("basis", torch.tensor(220.0))
        self.register_buffer("pct", torch.tensor(0.9))
    def forward(self, g):
        avg = g.mean(1).floor()
        return torch.stack([avg, torch.floor(self.pct * (self.basis - avg).clamp(min=0))], 1)

class Redemption(torch.nn.Module):
    # arcade prize redemption: tokens played per cabinet and day (n,) and the cabinet row (n,)
    # 0..39 -> tickets paid out and the prize cost in EUR (0.8 cent a ticket)
    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(11)
        self.register_buffer("payout", 1.0 + 9.0 * torch.rand(N_CAB, generator=g))   # tickets per token
    def forward(self, tokens, cab):
        t = tokens * self.payout[cab]
        return torch.stack([t, t * 0.008], 1)

class Shoes(torch.nn.Module):
    # shoe-rental inventory: expected bowlers per session (sessions,) and the size rows to stock
    # (sizes,) 0..23 (EU 26..49) -> pairs needed per session and size, with a 15 % spray margin
    def __init__(self):
        super().__init__()
        eu = torch.arange(26.0, 50.0)
        share = torch.exp(-0.5 * ((eu - 41.0) / 4.0) ** 2)
        self.register_buffer("share", share / share.sum())
    def forward(self, bowlers, size):
        return torch.ceil(bowlers[:, None] * self.share[size][None, :] * 1.15)

class Pinsetter(torch.nn.Module):
    # pinsetter fault in the next hour: controller log (machines, 5, seconds), once a second:
    # motor current A, sweep cycle time s, deck descent time s, vibration g, gearbox temperature C
    def __init__(self, width=8):
        super().__init__()
        with torch.random.fork_rng():
            torch.manual_seed(54)
            self.c = torch.nn.Conv1d(5, width, 7, stride=3)
            self.fc = torch.nn.Linear(width, 1)
        self.register_buffer("mu", torch.tensor([6.0, 2.2, 1.4, 0.3, 45.0]))
        self.register_buffer("sd", torch.tensor([0.8, 0.2, 0.15, 0.1, 5.0]))
    def forward(self, x):
        z = (x - self.mu[:, None]) / self.sd[:, None]
        return torch.sigmoid(self.fc(torch.relu(self.c(z)).mean(2))).squeeze(1)

class Trajectory(torch.nn.Module):
    # ball tracking from the lane camera: ball position per frame (balls, frames, 2): board (1..39
    # from the right gutter) and distance from the foul line in feet -> entry board at the head
    # pin (60 ft) and entry angle in degrees, from the last 8 tracked frames
    def forward(self, track):
        last = track[:, -8:]
        d = last[:, -1] - last[:, 0]
        slope = d[:, 0] / d[:, 1]                       # boards per foot
        entry = last[:, -1, 0] + slope * (LANE_FT - last[:, -1, 1])
        return torch.stack([entry, torch.rad2deg(torch.atan(slope * BOARD_FT))], 1)

def slots(n=48, weeks=12, seed=1):
    g = torch.Generator().manual_seed(seed)
    lane, hour = torch.arange(n) % N_LANE, torch.randint(0, N_HOUR, (n,), generator=g)
    return 0.2 + 0.6 * torch.rand(n, weeks, generator=g), lane, hour

def season(n=12, games=27, seed=2):
    g = torch.Generator().manual_seed(seed)
    return (110.0 + 100.0 * torch.rand(n, games, generator=g)).round()

def tokens(n=40, seed=3):
    g = torch.Generator().manual_seed(seed)
    return (50.0 + 400.0 * torch.rand(n, generator=g)).round(), torch.arange(n) % N_CAB

def sessions(n=14, seed=4):
    g = torch.Generator().manual_seed(seed)
    return (20.0 + 180.0 * torch.rand(n, generator=g)).round(), torch.arange(N_SIZE)

def pin_log(n=4, seconds=1800, seed=5):
    g = torch.Generator().manual_seed(seed)
    mu, sd = torch.tensor([6.0, 2.2, 1.4, 0.3, 45.0]), torch.tensor([0.4, 0.1, 0.08, 0.05, 2.0])
    return mu[None, :, None] + sd[None, :, None] * torch.randn(n, 5, seconds, generator=g)

def throws(n=8, frames=120, seed=6):
    g = torch.Generator().manual_seed(seed)
    y = torch.linspace(0.0, 55.0, frames)[None].expand(n, -1)   # feet down the lane
    start = 8.0 + 6.0 * torch.rand(n, 1, generator=g)
    hook = 0.5 + 0.4 * torch.rand(n, 1, generator=g)
    x = start + 2.0 * y / 55.0 + hook * torch.relu(y - 35.0) ** 2 / 40.0
    return torch.stack([x, y], 2)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
sl, wk = Dim("slots", min=1, max=4096), Dim("weeks", min=5, max=52)
build("occ154", Occupancy().eval(), slots(48, 12), dynamic_shapes=({0: sl, 1: wk}, {0: sl}, {0: sl}))
bw, gm = Dim("bowlers", min=1, max=512), Dim("games", min=3, max=90)
build("hcap154", Handicap().eval(), (season(12, 27),), dynamic_shapes=({0: bw, 1: gm},))
cb = Dim("rows", min=1, max=4096)
build("redeem154", Redemption().eval(), tokens(40), dynamic_shapes=({0: cb}, {0: cb}))
ss, sz = Dim("sessions", min=1, max=512), Dim("sizes", min=1, max=24)
build("shoes154", Shoes().eval(), sessions(14), dynamic_shapes=({0: ss}, {0: sz}))
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
mc, sec = Dim("machines", min=1, max=48), Dim("seconds", min=120, max=3600)
build("pinset154", Pinsetter().eval(), (pin_log(4, 1800),), dynamic_shapes=({0: mc, 2: sec},))
bl, fr = Dim("balls", min=1, max=64), Dim("frames", min=16, max=240)
build("track154", Trajectory().eval(), (throws(8, 120),), dynamic_shapes=({0: bl, 1: fr},))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"occ154", "hcap154", "redeem154", "shoes154", "pinset154", "track154", "similar154",
         "pinfw154"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "game-score-strike-rule-python-if", "export_failure", "export", """
class GameScore(torch.nn.Module):
    # the ten-pin score of one game from its rolls (21,): pins knocked per roll, 0 if not bowled
    def forward(self, r):
        total, i = r.new_zeros(()), 0
        for frame in range(10):
            if r[i] == 10:                                 # strike: next two rolls as bonus
                total = total + 10 + r[i + 1] + r[i + 2]
                i += 1
            elif r[i] + r[i + 1] == 10:                    # spare: next roll as bonus
                total = total + 10 + r[i + 2]
                i += 2
            else:
                total = total + r[i] + r[i + 1]
                i += 2
        return total
rolls = torch.tensor([10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1, 0, 0, 0, 0])
ep = torch.export.export(GameScore().eval(), (rolls,))
""", "The scoring model applies the strike and spare bonuses with Python `if` statements on the "
       "rolls' pin counts, a branch on tensor data that torch.export cannot trace.",
       "Compute the bonuses with tensor ops (torch.where over strike and spare masks) instead of "
       "Python branches.", match=r".")


def case_02():
    return _m("case_02", "redemption-promo-multiplier-python-dict", "export_failure", "export", """
from torch.export import Dim
PROMO = {0: 1.0, 1: 2.0, 2: 1.5}                      # none, double-ticket Tuesday, birthday party
class PromoRedemption(Redemption):
    def forward(self, tokens, cab, promo):
        t = tokens * self.payout[cab] * PROMO[int(promo)]
        return torch.stack([t, t * 0.008], 1)
cb = Dim("rows", min=1, max=4096)
tk, cab = tokens(40)
ep = torch.export.export(PromoRedemption().eval(), (tk, cab, torch.tensor(1)),
                         dynamic_shapes=({0: cb}, {0: cb}, None))
""", "The redemption forecaster looks the day's promotion multiplier up in a Python dict keyed by "
       "int(promo) of the promo-code tensor, a value torch.export does not have while tracing.",
       "Keep the multipliers in a buffer and index it with the promo tensor (or pass the "
       "multiplier itself as an input).", match=r".")


def case_03():
    return _m("case_03", "pinsetter-sensor-dim-for-new-machines", "dynamic_shape_guard", "export", """
from torch.export import Dim
mc, sec = Dim("machines", min=1, max=48), Dim("seconds", min=120, max=3600)
ch = Dim("sensors", min=5, max=7)                     # the new string pinsetters log 7 sensors
ep = torch.export.export(Pinsetter().eval(), (pin_log(4, 1800),), dynamic_shapes=({0: mc, 1: ch, 2: sec},))
""", "The sensors Dim is declared dynamic (5..7, for the new string pinsetters' extra sensors), but "
       "the fault model normalises with 5-entry mean and spread tables and a 5-channel Conv1d, so "
       "export specialises the sensors to 5 and refuses the specification.", "Keep the sensors "
       "static at 5 (or export a separate model for the 7-sensor machines).", match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_04():
    return _m("case_04", "trajectory-new-240fps-camera-clip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{track154}")
track = throws(4, 600)                                # the new 240 fps lane camera: 2.5 s of a slow ball
out = m(track)
""", "The new lane cameras record at 240 fps, so a slow ball's 2.5 s clip has 600 tracked frames, "
       "more than the trajectory package accepts (the frames Dim was declared with max=240).",
       "Subsample the clip to 120 fps or send only the last 240 frames.", needs=("s",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_05():
    return _m("case_05", "handicap-whole-34-week-season", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hcap154}")
g = season(12, 34 * 3)                                # the end-of-season run: 34 weeks x 3 games
out = m(g)
""", "The end-of-season handicap run sends all 102 games (34 weeks x 3 games) of each bowler, more "
       "than the handicap package accepts (the games Dim was declared with max=90).",
       "Re-export with a larger max (or send the running sums).", needs=("r",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_06():
    return _m("case_06", "pinsetter-full-day-log-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{pinset154}")
x = pin_log(2, 24 * 3600)                             # the night job sends the whole day's log
p = m(x)
""", "The nightly job sends each pinsetter's whole day (86400 one-second samples) in one call, "
       "above the longest log the fault package accepts (the seconds Dim was declared with "
       "max=3600).", "Score the log in windows of at most an hour.", needs=("s",), env=CHECK,
       match=r"too large|range|bound|<=")


def case_07():
    return _m("case_07", "handicap-substitute-with-one-game", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{hcap154}")
g = season(3, 1)                                      # this week's substitutes: one game each so far
out = m(g)
""", "The substitutes have bowled one game each, fewer than the handicap package accepts (the "
       "games Dim was declared with min=3).", "Use the substitutes' book average until they have "
       "three games (or export with min=1).", needs=("r",), env=CHECK,
       match=r"too small|range|bound|>=")


def case_08():
    return _m("case_08", "occupancy-new-centre-two-weeks-open", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{occ154}")
hist, lane, hour = slots(48, 2)                       # the centre opened two weeks ago
out = m(hist, lane, hour)
""", "The newly opened centre has two weeks of booking history, fewer than the occupancy package "
       "accepts (the weeks Dim was declared with min=5).", "Use a sister centre's history until "
       "five weeks exist (or export with a lower min).", needs=("r",), env=CHECK,
       match=r"too small|range|bound|>=")


# ------------------------------------------------------------------------ run: inputs
def case_09():
    return _m("case_09", "trajectory-one-ball-without-batch-dim", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{track154}")
track = throws(1, 120)[0]                             # the pro-shop tablet: one ball, (frames, 2)
out = m(track)
""", "The pro-shop tablet sends one ball's track as (frames, 2), without the balls dimension of the "
       "(balls, frames, 2) input the trajectory package was exported for, so its 120 frames are "
       "checked as the balls dim (at most 64).", "Add the batch "
       "dimension (track[None]) before the call.", needs=("s",), env=CHECK,
       match=r"dim|size|shape")


def case_10():
    return _m("case_10", "pinsetter-csv-log-seconds-by-sensors", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{pinset154}")
x = pin_log(4, 1800).transpose(1, 2).contiguous()    # the controller CSV: one row a second, 5 columns
p = m(x)
""", "The controller's CSV export is read as (machines, seconds, sensors), one row a second, where "
       "the fault package was exported for (machines, sensors, seconds).", "Transpose to "
       "(machines, 5, seconds) before the call.", needs=("s",), env=CHECK,
       match=r"dim value|size|shape")


def case_11():
    return _m("case_11", "handicap-integer-game-totals", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{hcap154}")
g = season(12, 27).long()                             # the scoring system's export: integer game totals
out = m(g)
""", "The scoring system exports game totals as integers, sent as an int64 tensor to the handicap "
       "package exported for float32.", "Convert the totals with .float() before the call.",
       needs=("r",), env=CHECK, match=r"dtype")


def case_12():
    return _m("case_12", "redemption-cabinet-ids-int32-from-card-db", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{redeem154}")
tk, cab = tokens(40)
cab = cab.to(torch.int32)                             # the card system's database: INTEGER (32-bit)
out = m(tk, cab)
""", "The game-card system's database stores the cabinet ids as 32-bit integers, sent as an int32 "
       "tensor where the redemption package was exported for int64 cabinet rows.", "Convert "
       "the ids with .long() before the call.", needs=("r",), env=CHECK, match=r"dtype")


# -------------------------------------------------------------------- run: indices
def case_13():
    return _m("case_13", "occupancy-expansion-lanes-25-to-32", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{occ154}")
hist, _, hour = slots(32)
lane = torch.arange(32)                               # the expansion: lanes 25..32 opened in March
out = m(hist, lane, hour)
""", "Eight lanes (25..32) were added in an expansion after export and are sent as lane rows "
       "24..31, past the occupancy package's 24-lane factor table.", "Re-export the forecaster "
       "with the new lanes' factors.", needs=("r",), match=r"out of bounds|index")


def case_14():
    return _m("case_14", "occupancy-cosmic-bowling-after-midnight", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{occ154}")
hist, lane, _ = slots(8)
hour = torch.tensor([12, 13, 14, 15, 12, 13, 14, 15])  # Friday cosmic bowling: 22:00 .. 01:00 (24, 25 - 10)
out = m(hist, lane, hour)
""", "The new Friday cosmic-bowling session runs past midnight, and its 00:00 and 01:00 slots are "
       "sent as hour rows 14 and 15 (24 - 10, 25 - 10), past the occupancy package's 14-hour "
       "factor table.", "Re-export with the late hours in the factor table.", needs=("r",),
       match=r"out of bounds|index")


def case_15():
    return _m("case_15", "redemption-cabinet-asset-tags", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{redeem154}")
tk, _ = tokens(6)
cab = torch.tensor([2101, 2102, 2107, 2115, 2123, 2139])   # the asset tags on the cabinets
out = m(tk, cab)
""", "The cabinets are sent by their asset tags (2101..2139) instead of the rows 0..39 of the "
       "redemption package's payout table.", "Map asset tags to the model's cabinet rows before "
       "the call.", needs=("r",), match=r"out of bounds|index")


def case_16():
    return _m("case_16", "shoes-eu-sizes-as-rows", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{shoes154}")
bowlers, _ = sessions(14)
size = torch.arange(36, 47)                           # the stock sheet's EU sizes 36..46
out = m(bowlers, size)
""", "The stock sheet's EU shoe sizes (36..46) are sent as the size rows instead of size - 26 "
       "(0..23), so they index past the shoe package's 24-size share table.",
       "Send EU size - 26 as the row.", needs=("r",), match=r"out of bounds|index")


# -------------------------------------------------------------------- run: values
def case_17():
    return _m("case_17", "trajectory-distance-in-metres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{track154}")
track = throws(8, 120)
track[..., 1] = track[..., 1] * 0.3048                # the European camera firmware: distance in metres
out = m(track)
assert ((out[:, 0] >= 0) & (out[:, 0] <= 40)).all(), f"entry boards {out[:, 0]}"
""", "The European camera firmware gives the distance down the lane in metres, sent as feet, so "
       "the track is extrapolated from 17 m to '60 ft' and the entry boards come out far off the "
       "lane (past board 39), without an error.", "Convert metres to feet (/ 0.3048) before the "
       "call.", needs=("s",), match=r"AssertionError")


def case_18():
    return _m("case_18", "trajectory-lost-frames-minus-one", "numerical", "run", """
m = torch._inductor.aoti_load_package("{track154}")
track = throws(8, 120)
clean = m(track)
track[:, -5:] = -1.0                                  # under the masking unit the tracker writes (-1, -1)
out = m(track)
assert torch.allclose(out, clean, atol=0.5), f"entry {out} vs {clean}"
""", "The tracker writes (-1, -1) for the last frames, where the ball runs under the pinsetter's "
       "masking unit, and those sentinels are fitted as positions, so the entry board and angle "
       "come out wrong, without an error.", "Drop the lost frames (or mask the -1 sentinel) before "
       "the call.", needs=("s",), match=r"AssertionError")


def case_19():
    return _m("case_19", "handicap-frame-scores-instead-of-games", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hcap154}")
games = season(12, 3)                                 # last night's series: 3 games a bowler
frames = (games / 10.0).repeat_interleave(10, 1)      # the lane computer's sheet: one column per frame
out = m(frames)
ref = Handicap()(games)
assert torch.equal(out, ref), f"handicap {out[:, 1]} vs {ref[:, 1]}"
""", "The lane computer's score sheet has one column per frame (30 for a 3-game series), sent as "
       "game totals, so the averages come out about 10 times too low and the handicaps far too "
       "high, without an error.", "Sum each game's frames into its total before the call.",
       needs=("r",), match=r"AssertionError")


def case_20():
    return _m("case_20", "handicap-missed-week-as-zero-games", "numerical", "run", """
m = torch._inductor.aoti_load_package("{hcap154}")
g = season(12, 27)
bowled = g[2, :24].clone()
g[2, 24:] = 0.0                                       # bowler 3 missed last week: stored as three 0 games
out = m(g)
want = torch.floor(0.9 * (220.0 - bowled.mean().floor()).clamp(min=0))
assert out[2, 1] == want, f"handicap {out[2, 1]} vs {want}"
""", "A bowler's missed week is stored as three 0-pin games, which the handicap calculator "
       "averages in, so the average drops and the handicap rises, without an error.",
       "Leave absent games out (or score them with the league's blind rule) before the call.",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "pinsetter-sweep-cycle-in-milliseconds", "numerical", "run", """
m = torch._inductor.aoti_load_package("{pinset154}")
x = pin_log(4, 1800)
clean = m(x)
x[:, 1] = x[:, 1] * 1000.0                            # the retrofit controllers log the sweep cycle in ms
p = m(x)
assert torch.allclose(p, clean, atol=0.1), f"fault probability {p} vs {clean}"
""", "The retrofit controllers log the sweep cycle time in milliseconds, sent as seconds, so the "
       "normalised cycle time is thousands of standard deviations off and the fault probabilities "
       "saturate, without an error.", "Divide milliseconds by 1000 before the call.",
       needs=("s",), match=r"AssertionError")


def case_22():
    return _m("case_22", "redemption-card-swipes-in-cents", "numerical", "run", """
m = torch._inductor.aoti_load_package("{redeem154}")
tk, cab = tokens(40)
cents = tk * 25.0                                     # the game-card report: credit spent in cents (25 a token)
out = m(cents, cab)
ref = Redemption()(tk, cab)
assert torch.allclose(out, ref), f"tickets {out[:, 0].sum()} vs {ref[:, 0].sum()}"
""", "The game-card report gives the credit spent per cabinet in cents (25 cents a token), sent as "
       "tokens, so the tickets and prize costs come out 25 times too high, without an error.",
       "Divide the cents by the token price (25) before the call.", needs=("r",),
       match=r"AssertionError")


def case_23():
    return _m("case_23", "occupancy-history-in-percent", "numerical", "run", """
m = torch._inductor.aoti_load_package("{occ154}")
hist, lane, hour = slots(48)
out = m(hist * 100.0, lane, hour)                     # the booking system's report: occupancy in %
assert (out[:, 0] <= 1.0).all(), f"occupancy {out[:, 0]}"
""", "The booking system reports each slot's past occupancy in percent (0..100), sent as the "
       "0..1 fraction, so the forecast occupancy comes out 100 times too high (far over one), "
       "without an error.", "Divide the percentages by 100 before the call.", needs=("r",),
       match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_24():
    return _m("case_24", "handicap-league-basis-210-as-constant", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{hcap154}")
m.load_constants({"basis": torch.tensor(210.0)}, check_full_update=False)   # the league's new basis
out = m(season(12, 27))
""", "The league lowers the handicap basis from 220 to 210 and updates the package's `basis` buffer "
       "with load_constants, but the compiler folded that scalar into the code, so the package has "
       "no constant of that name.", "Re-export with the new basis (or pass the basis as an input).",
       needs=("r",), match=r"[Cc]onstant")


# ----------------------------------------------------------------------- resources
def case_25():
    return _m("case_25", "similar-throws-whole-season-all-pairs", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Similar(torch.nn.Module):
    # coaching app: the distance of every throw to every other throw (release speed, rev rate, ...)
    def forward(self, a, b):
        return torch.cdist(a, b, compute_mode="use_mm_for_euclid_dist")
na, nb = Dim("a", min=26, max=10000000), Dim("b", min=26, max=10000000)
ep = torch.export.export(Similar(), (torch.rand(32, 16), torch.rand(30, 16)), dynamic_shapes=({0: na}, {0: nb}))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/similar154.pt2")
m = torch._inductor.aoti_load_package(pkg)
season_throws = torch.rand(300_000, 16)               # every tracked throw of the chain's season
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the app server's 2 GiB headroom
d = m(season_throws, season_throws)
""", "The coaching app compares every one of the season's 300000 tracked throws with every other "
       "in one call, a 300000 x 300000 float32 distance matrix of about 360 GB.", "Search the "
       "nearest throws in batches (or with an index), not all pairs at once.",
       match=r"memory|alloc")


# ----------------------------------------------------------------------- compile
def case_26():
    return _m("case_26", "pinsetter-built-in-firmware-shell-avr-gxx", "compile_toolchain", "compile", """
from torch.export import Dim
mc, sec = Dim("machines", min=1, max=48), Dim("seconds", min=120, max=3600)
ep = torch.export.export(Pinsetter().eval(), (pin_log(4, 1800),), dynamic_shapes=({0: mc, 2: sec},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pinfw154.pt2")
""", "The fault package is built in the pinsetter firmware team's shell, whose profile sets "
       "CXX=avr-g++ for the controllers' AVR boards, a cross compiler that is not installed here "
       "(and could not build host code), so no working C++ compiler is found.", "Build with CXX "
       "unset (the machine's g++).", env={"CXX": "avr-g++"}, match=r".")


# --------------------------------------------------------------------------- device
def case_27():
    return _m("case_27", "trajectory-device-from-vendor-config", "device_mismatch", "run", """
m = torch._inductor.aoti_load_package("{track154}")
cfg = {"device": "cuda:0", "fps": 120}                # config.yaml copied from the vendor's GPU reference box
track = throws(8, 120).to(torch.device(cfg["device"]))
out = m(track)
""", "The ball tracker takes its device from the config copied from the camera vendor's GPU "
       "reference box (cuda:0), so the clips are moved to CUDA on the centre's CPU-only server "
       "with a CPU-only torch, before the CPU package is called.", "Set the device to cpu in the "
       "config (the package is compiled for CPU).", needs=("s",), match=r"CUDA|cuda")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18, case_19,
         case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]
# Failed differently in the first trial (/tmp/lb154/trial.jsonl): case_08, 13, 14 and 23 (a
# setup bug: occ154 did not build, export refused weeks min=4 because slicing hist[:, -4:] guards
# weeks != 4; the weeks Dim now has min=5 and case_08's cause says min=5); the all-pairs case
# (then case_26, now case_25: cdist's size > 25 branch specialised the dynamic Dims; it now uses
# compute_mode="use_mm_for_euclid_dist", Dims min=26 and examples of 32 and 30 rows). Both fixed
# and failed as labelled in trials 2 and 3. case_09's cause now says the 120 frames are checked
# as the balls dim (the text of trial 1).
DROPPED = [
    # then case_25, constant_loading: the vendor's retrained Pinsetter(width=16) weights into the
    # package built for width 8. As written (the whole state_dict, check_full_update=True) it
    # failed with `Constant not found: fc.bias` (a folded constant, not the shape change its
    # cause named); restricted to get_constant_fqns() it ran and the child died of a
    # segmentation fault while garbage-collecting (crash, not the exception expected).
    "pinsetter-retrained-wider-model-weights",
]
# Did not fail: none.
TRIED = []
# Not written (found by the grep before any trial): isoweekday() 1..7 day ids (live_blind52,
# 151); inputs moved with .cuda() (live_blind129, 137, 33); the legacy aot_compile with
# aot_inductor.output_path (live_blind4, 9, 15, 45, 103, 104) and aoti_load_package given the
# legacy .so (capture_cpu_logs, live_blind25); temperatures in Fahrenheit (live_blind75, 136);
# lamp current in mA (live_blind152); CXX='g++ -m32' / icpx / ccache / arm-none-eabi-g++ (152, 30,
# 6, ...); a strike week as NaN (live_blind152).

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind154.jsonl",
        url_file="benchmarks/live_blind154.py", id_prefix="live154", stems=STEMS,
        scratch_prefix="live_blind154-", description=__doc__.splitlines()[0]))
