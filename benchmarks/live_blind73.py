"""A seventy-third blind set of REAL AOTInductor failures (security and log analytics), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind73.py [--out benchmarks/live_blind73.jsonl] [--keep]

Theme: security and log analytics (a network-flow intrusion detector on tabular flow features
with per-feature standardisation buffers, a byte-level CNN over file headers for malware
scoring, a hashed-token sequence model over event logs, a per-tenant alert threshold gate,
streaming batches of variable size), exported, compiled, loaded and run as a security ML
engineer would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind72.py (their TRIED lists included). Building the set
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
NF = 24          # CICFlowMeter-style flow features (duration, packets, bytes, rates, flags, ports)
HDR = 512        # file-header bytes scored by the malware model
VOCAB = 4096     # hashed event-token buckets
TENANTS = 16

class FlowIDS(torch.nn.Module):
    # per-feature standardisation, a two-layer MLP, benign/attack logits
    def __init__(self):
        super().__init__()
        self.register_buffer("mu", torch.rand(NF) * 100)
        self.register_buffer("sigma", torch.rand(NF) * 50 + 1)
        self.l1 = torch.nn.Linear(NF, 64)
        self.l2 = torch.nn.Linear(64, 2)
    def forward(self, flows):
        z = (flows - self.mu) / self.sigma
        return self.l2(torch.relu(self.l1(z)))

class ByteCNN(torch.nn.Module):
    # MalConv-style: byte embedding, strided conv, global max pool, malware score
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(256, 8)
        self.conv = torch.nn.Conv1d(8, 16, 8, stride=4)
        self.out = torch.nn.Linear(16, 1)
    def forward(self, header):
        h = torch.relu(self.conv(self.emb(header).transpose(1, 2))).amax(-1)
        return self.out(h).squeeze(-1)

class LogSeq(torch.nn.Module):
    # hashed event tokens -> embedding -> mean over the session -> anomaly score
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, 32)
        self.out = torch.nn.Linear(32, 1)
    def forward(self, tokens):
        return self.out(self.emb(tokens).mean(1)).squeeze(-1)

class TenantGate(torch.nn.Module):
    # per-tenant alert thresholds: margin of each score over its tenant's threshold
    def __init__(self):
        super().__init__()
        self.register_buffer("thresholds", torch.rand(TENANTS) * 0.5 + 0.4)
    def forward(self, score, tenant):
        return score - self.thresholds[tenant]

def flows(n=8):
    # plausible raw flow features (all non-negative counters and rates)
    return torch.rand(n, NF) * 200
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
build("ids73", FlowIDS().eval(), (flows(8),), dynamic_shapes=({0: Dim("flows", min=1, max=512)},))
build("mal73", ByteCNN().eval(), (torch.randint(0, 256, (4, HDR)),),
      dynamic_shapes=({0: Dim("files", min=1, max=64)},))
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
build("log73", LogSeq().eval(), (torch.randint(0, VOCAB, (4, 32)),),
      dynamic_shapes=({0: Dim("sessions", min=1, max=256), 1: Dim("events", min=2, max=256)},))
n = Dim("alerts", min=1, max=1024)
build("ten73", TenantGate(), (torch.rand(8), torch.randint(0, TENANTS, (8,))),
      dynamic_shapes=({0: n}, {0: n}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"ids73", "mal73", "log73", "ten73", "share73", "hdr73"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "pe-magic-check-in-forward", "export_failure", "export", """
class PEOnly(ByteCNN):
    # score only Windows PE files: the header must start with the "MZ" magic
    def forward(self, header):
        if bytes(header[0, :2].tolist()) != b"MZ":
            return torch.zeros(header.shape[0])
        return super().forward(header)
hdr = torch.randint(0, 256, (2, HDR)); hdr[:, 0], hdr[:, 1] = 77, 90
ep = torch.export.export(PEOnly().eval(), (hdr,))
""", "The forward pass checks the PE magic with bytes(header[0, :2].tolist()), turning tensor data "
       "into Python values, which torch.export cannot trace.",
       "Do the magic-number check in the service before the call (or compute a tensor mask "
       "with torch.where).", match=r".")


def case_02():
    return _m("case_02", "hash-event-strings-in-forward", "export_failure", "export", """
class RawEvents(LogSeq):
    # take the raw event strings and hash them into buckets inside the model
    def forward(self, events):
        ids = torch.tensor([[hash(e) % VOCAB for e in s] for s in events])
        return super().forward(ids)
sessions = [["sshd:accept", "sudo:session", "cron:run"], ["sshd:fail", "sshd:fail", "sshd:accept"]]
ep = torch.export.export(RawEvents().eval(), (sessions,))
""", "The model takes lists of raw event strings and hashes them with Python hash() in forward; "
       "export takes tensors (and basic Python scalars) as inputs, not strings.",
       "Hash the events into token ids in the log pipeline and export the model on the id "
       "tensor.", match=r".")


def case_03():
    return _m("case_03", "header-length-dynamic-flatten-head", "dynamic_shape_guard", "export", """
from torch.export import Dim
class FlatHead(torch.nn.Module):
    # the v1 malware model: conv features flattened into a dense head sized for 512-byte headers
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(256, 8)
        self.conv = torch.nn.Conv1d(8, 16, 8, stride=4)
        self.out = torch.nn.Linear(16 * 127, 1)
    def forward(self, header):
        h = torch.relu(self.conv(self.emb(header).transpose(1, 2)))
        return self.out(h.flatten(1))
length = Dim("header_len", min=64, max=4096)       # score headers of any length
ep = torch.export.export(FlatHead().eval(), (torch.randint(0, 256, (2, HDR)),),
                         dynamic_shapes=({1: length},))
""", "The header length is declared dynamic, but the dense head's weight is sized for the "
       "flattened conv features of exactly 512 bytes, so export specialises the length to 512.",
       "Keep the header length static (or pool over the length before the dense head).",
       match=r".")


def case_04():
    return _m("case_04", "peak-window-example-over-max", "dynamic_shape_guard", "export", """
from torch.export import Dim
peak = flows(1000)                                  # the example batch: a captured peak minute
ep = torch.export.export(FlowIDS().eval(), (peak,),
                         dynamic_shapes=({0: Dim("flows", min=1, max=512)},))
""", "The example batch for export is a captured peak window of 1000 flows, outside the "
       "declared flows Dim range (max=512).",
       "Export with an example inside the range (or raise max to the largest batch served).",
       match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_08():
    return _c("case_08", "zeek-conn-log-pandas-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{ids73}")
rows = np.random.rand(16, 24) * 200                 # df[FEATURES].to_numpy() from the Zeek conn.log
scores = m(torch.from_numpy(rows))
""", "The flow features come from a pandas DataFrame of the Zeek conn.log, whose to_numpy() is "
       "float64, while the package was exported for float32.",
       "Cast the features to float32 (df.astype('float32') or tensor.float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


def case_09():
    return _m("case_09", "sensor-upgrade-extra-columns", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{ids73}")
x = torch.cat([flows(16), torch.rand(16, 2)], dim=1)   # the upgraded sensor adds 2 TLS columns
scores = m(x)
""", "After the flow sensor upgrade the feature extractor emits 26 columns (two new TLS "
       "fields), while the intrusion detector was exported for 24 features.",
       "Select the 24 trained feature columns by name before the call (or retrain and "
       "re-export).", needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _c("case_10", "raw-header-bytes-uint8", "input_mismatch", "run", """
import os
m = torch._inductor.aoti_load_package("{mal73}")
blobs = [os.urandom(512) for _ in range(4)]          # first 512 bytes of each sample
hdr = torch.stack([torch.frombuffer(bytearray(b), dtype=torch.uint8) for b in blobs])
scores = m(hdr)
""", "The file headers are read with torch.frombuffer as uint8 bytes, while the malware package "
       "was exported for int64 byte ids.",
       "Convert the bytes to int64 (hdr.long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Byte|Long")


def case_11():
    return _c("case_11", "hashed-ids-uint32", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{log73}")
ids = (np.random.randint(0, 2**31, (8, 40)) % 4096).astype(np.uint32)  # murmur3 buckets as uint32
scores = m(torch.from_numpy(ids))
""", "The log pipeline's murmur3 hasher returns uint32 buckets, passed straight to a package "
       "exported for int64 token ids.",
       "Convert the bucket ids to int64 before the call.",
       needs=("s",), env=CHECK, match=r"dtype|UInt32|Long|uint32")


def case_12():
    return _c("case_12", "header-window-1k", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{mal73}")
hdr = torch.randint(0, 256, (4, 1024))              # the new collector reads 1 KiB per file
scores = m(hdr)
""", "The new collector reads 1024 header bytes per file, while the malware package was "
       "exported for a static 512-byte header.",
       "Truncate (or pad) headers to 512 bytes before the call, or export a 1 KiB model.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape|512")


# ---------------------------------------------------------------- run: dynamic ranges (R, S)
def case_13():
    return _m("case_13", "ddos-burst-window", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ids73}")
window = flows(5000)                                # a SYN flood: 5000 flows in one 1-s window
scores = m(window)
""", "A DDoS burst puts 5000 flows in one streaming window, above the flows Dim's max of 512 "
       "in the intrusion-detector package.",
       "Split windows into batches of at most 512 flows (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"512|too large|range|bound")


def case_14():
    return _m("case_14", "quiet-window-no-flows", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{ids73}")
window = flows(64)[flows(64)[:, 0] > 1e9]           # a quiet night window: no flow passes the filter
scores = m(window)
""", "A quiet streaming window leaves zero flows after filtering, and the package's flows Dim "
       "has min=1.", "Skip empty windows in the stream loop before calling the package.",
       needs=("r",), env=CHECK, match=r"0|too small|range|bound")


def case_15():
    return _c("case_15", "single-event-session", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{log73}")
tokens = torch.randint(0, 4096, (3, 1))             # sessions that logged one event (a lone login)
scores = m(tokens)
""", "Sessions with a single event are scored, but the log package's events Dim was exported "
       "with min=2.", "Pad one-event sessions to two tokens (or export with min=1 and a "
       "non-1 example).", needs=("s",), env=CHECK, match=r"too small|range|bound|2")


def case_16():
    return _c("case_16", "brute-force-session-long", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{log73}")
tokens = torch.randint(0, 4096, (2, 3000))          # a password-spraying session: 3000 auth events
scores = m(tokens)
""", "A brute-force session with 3000 events exceeds the events Dim's max of 256 in the log "
       "package.", "Score long sessions in sliding windows of at most 256 events (or re-export "
       "with a larger max).", needs=("s",), env=CHECK, match=r"256|too large|range|bound")


# ---------------------------------------------------------------------- run: indices (R, S)
def case_17():
    return _c("case_17", "onboarded-tenant-17", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{ten73}")
scores = torch.rand(6)
tenant = torch.tensor([0, 3, 3, 15, 16, 16])        # tenant 16 was onboarded after the export
margin = m(scores, tenant)
""", "A tenant onboarded after the export has id 16, but the package's threshold table holds "
       "16 tenants (ids 0..15).", "Re-export (or refresh) the threshold table when tenants are "
       "added, and reject unknown tenant ids.", needs=("s",), match=r"out of bounds")


def case_18():
    return _c("case_18", "hash-buckets-64k", "index_out_of_bounds", "run", """
import zlib
m = torch._inductor.aoti_load_package("{log73}")
events = ["sshd:accept", "sudo:session", "cron:run", "kernel:oom", "nginx:404"] * 8
ids = torch.tensor([[zlib.crc32(e.encode()) % 65536 for e in events]] * 2)  # the new parser's 16-bit buckets
scores = m(ids)
""", "The new log parser hashes events into 65536 buckets, while the model's token embedding "
       "has 4096 rows.", "Use the same bucket count (mod 4096) as at training time.",
       needs=("s",), expect="crash", match=r"out of bounds")


def case_19():
    return _c("case_19", "short-file-pad-256", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{mal73}")
data = list(b"MZ\\x90\\x00" * 30)                     # a 120-byte dropper
hdr = torch.tensor([data + [256] * (512 - len(data))])  # short files padded with a special PAD id 256
scores = m(hdr)
""", "Short files are padded with a PAD id of 256, but the byte embedding has only 256 rows "
       "(ids 0..255).", "Pad with a byte value the model was trained with (or add a PAD row "
       "and re-export).", needs=("r",), expect="crash", match=r"out of bounds")


# ------------------------------------------------------------------- run: weights and values
def case_20():
    return _m("case_20", "zero-duration-flow-rate", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ids73}")
x = flows(16)
duration = torch.rand(16); duration[3] = 0.0         # a single-packet flow has duration 0
x[:, 1] = x[:, 2] / duration                         # bytes per second
scores = m(x)
assert torch.isfinite(scores).all(), "non-finite scores"
""", "The bytes-per-second feature is computed as bytes / duration; a single-packet flow has "
       "duration 0, so the feature is inf and its scores become NaN.",
       "Guard the rate (bytes / duration.clamp_min(eps), or 0 for single-packet flows) in the "
       "feature extractor.", needs=("r",), match=r"AssertionError")


def case_21():
    return _m("case_21", "icmp-ports-nan", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ids73}")
x = flows(16)
icmp = torch.rand(16) < 0.25; icmp[0] = True
x[icmp, 22:24] = float("nan")                        # ICMP flows have no src/dst port
scores = m(x)
assert not scores.isnan().any(), f"NaN scores for {int(scores.isnan().any(1).sum())} flows"
""", "ICMP flows have no ports, so the port columns are NaN in the feature table and the "
       "detector's scores for those flows are NaN.",
       "Fill missing port fields (e.g. with 0 and an is_icmp flag) before the call.",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "features-standardised-twice", "numerical", "run", """
m = torch._inductor.aoti_load_package("{ids73}")
torch.manual_seed(0)
ref = FlowIDS().eval()                               # the same weights as the package (seed 0)
raw = flows(32)
x = (raw - raw.mean(0)) / raw.std(0)                 # the feature store already standardises
scores = m(x)
torch.testing.assert_close(scores, ref(raw), atol=1e-3, rtol=1e-3)
""", "The feature store already standardises the flow features, and the package standardises "
       "them again with its own mu/sigma, so the scores are silently wrong.",
       "Send raw features to the package (its buffers standardise), or export without the "
       "standardisation.", needs=("r",), match=r"AssertionError|Mismatch|not close")


def case_23():
    return _m("case_23", "whole-share-one-call", "out_of_memory", "run", """
import resource
from torch.export import Dim
ep = torch.export.export(ByteCNN().eval(), (torch.randint(0, 256, (4, HDR)),),
                         dynamic_shapes=({0: Dim("files", min=1, max=1000000)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/share73.pt2")
m = torch._inductor.aoti_load_package(pkg)
hdr = torch.randint(0, 256, (300000, HDR))           # every file on the share in one sweep
# the scanner sidecar has a 1 GiB memory budget above the loaded model and the headers
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    scores = m(hdr)
""", "The headers of all 300000 files on the share are scored in one call in a sidecar with "
       "1 GiB of memory left; the embedded bytes (300000 x 8 x 512 floats, ~4.9 GB) do not fit.",
       "Scan the share in batches of a few thousand files.", match=r"memory|alloc")


def case_24():
    return _c("case_24", "threshold-table-grew", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{ten73}")
new = torch.rand(24) * 0.5 + 0.4                     # 24 tenants after this quarter's onboarding
m.load_constants({"thresholds": new}, check_full_update=False)
margin = m(torch.rand(4), torch.tensor([0, 5, 20, 23]))
""", "The refreshed per-tenant threshold table has 24 entries, but the package's thresholds "
       "constant was compiled with 16.", "Re-export the gate with the new tenant count (or "
       "export with room for future tenants).", needs=("s",), expect="crash",
       match=r"Segmentation fault|Aborted")


def case_25():
    return _c("case_25", "stats-from-pandas-float64", "constant_loading", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{ids73}")
week = np.random.rand(10000, 24) * 200               # this week's traffic, from the feature store
m.load_constants({"mu": torch.from_numpy(week.mean(0)), "sigma": torch.from_numpy(week.std(0))},
                 check_full_update=False)            # weekly re-standardisation
scores = m(torch.rand(8, 24) * 200)
assert torch.isfinite(scores).all() and scores.abs().max() < 1e4, scores
""", "The weekly standardisation statistics are computed with NumPy and loaded as float64 "
       "tensors into float32 constants of the package.",
       "Cast the statistics to float32 before load_constants.", needs=("r",), expect="crash",
       match=r"Segmentation fault|Aborted")


def case_26():
    return _m("case_26", "retrained-with-temperature-buffer", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{ids73}")
class Calibrated(FlowIDS):
    # the retrained detector carries a temperature-scaling buffer for calibrated probabilities
    def __init__(self):
        super().__init__()
        self.register_buffer("temperature", torch.tensor(1.7))
retrained = Calibrated().eval()
m.load_constants(retrained.state_dict(), check_full_update=False)   # the nightly weight push
""", "The nightly weight push sends the state_dict of the retrained, temperature-calibrated "
       "detector, whose extra 'temperature' buffer is not a constant of the deployed package.",
       "Re-export the calibrated model (or push only the keys the package has: "
       "m.get_constant_fqns()).", needs=("r",), match=r".")


CASES = [case_01, case_03, case_04, case_08, case_09, case_10, case_11, case_12,
         case_13, case_14, case_15, case_16, case_17, case_18, case_19, case_20, case_21,
         case_22, case_23, case_24, case_25]
# Failed in the trial, but not the way its cause sentence says: case_26 (the retrained detector's
# state_dict with an extra 'temperature' buffer pushed with load_constants) failed on
# 'Constant not found: l2.bias', a key the model had at export, not on the new buffer.
DROPPED = [case_26]
# Tried in the trial and did NOT fail on torch 2.14.1+cu130: case_02 (raw event strings hashed
# with Python hash() inside forward, lists of str as the export input: it exported).
TRIED = [case_02]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind73.jsonl",
        url_file="benchmarks/live_blind73.py", id_prefix="live73", stems=STEMS,
        scratch_prefix="live_blind73-", description=__doc__.splitlines()[0]))
