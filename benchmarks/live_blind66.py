"""A sixty-sixth blind set of REAL AOTInductor failures (molecules, proteins and chemistry models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind66.py [--out benchmarks/live_blind66.jsonl] [--keep]

Theme: molecules, proteins and chemistry models (a padded-batch message-passing energy model
over atoms with atomic-number embeddings, 3D coordinates in Angstrom, a 5 Angstrom distance
cutoff and a Coulomb-like pair term; a protein sequence embedding of amino-acid tokens with
residue-number positions and a padding mask; a bond model that gathers the two atoms of each
bond; variable atom counts, batched small graphs, physical units), exported, compiled, loaded
and run as a computational-chemistry platform engineer would. No trigger repeats one of
tests/zoo.py, tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py ..
live_blind65.py (their TRIED lists included). Building the set imports nothing from aotidebug.
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
RC = 5.0            # distance cutoff, Angstrom
NZ = 20             # atomic-number embedding rows: 0 (padding) .. 19 (K)
AA = "ACDEFGHIKLMNPQRSTVWY"   # the 20 standard amino acids; token 20 is padding

class Energy(torch.nn.Module):
    # padded batch of molecules (B, N): atom embeddings by atomic number, Gaussian radial basis
    # messages inside a cosine cutoff, a Coulomb-like term with learned per-element charges;
    # returns the energy of each molecule in kcal/mol
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(NZ, 16)
        self.charge = torch.nn.Embedding(NZ, 1)
        self.rbf = torch.nn.Linear(8, 16)
        self.out = torch.nn.Linear(16, 1)
        self.register_buffer("mu", torch.linspace(0.5, RC, 8))
    def forward(self, z, pos, mask):
        n = z.shape[1]
        h = self.emb(z)
        d = (pos[:, :, None, :] - pos[:, None, :, :]).norm(dim=-1)
        pair = mask[:, :, None] & mask[:, None, :] & ~torch.eye(n, dtype=torch.bool)
        d = torch.where(pair, d, torch.full_like(d, RC))
        fc = 0.5 * (torch.cos(torch.pi * d / RC) + 1) * (d < RC)
        e = torch.exp(-4.0 * (d[..., None] - self.mu) ** 2)
        m = (fc[..., None] * self.rbf(e) * h[:, None, :, :]).sum(2)
        atom_e = self.out(h + m).squeeze(-1) * mask
        q = self.charge(z).squeeze(-1)
        coul = 332.06 * q[:, :, None] * q[:, None, :] / d * fc
        return atom_e.sum(1) + 0.5 * coul.sum((1, 2))

class SeqEmb(torch.nn.Module):
    # protein sequence embedding: amino-acid tokens + residue-number positions, masked mean pool
    def __init__(self):
        super().__init__()
        self.tok = torch.nn.Embedding(21, 32, padding_idx=20)
        self.pos = torch.nn.Embedding(512, 32)
        self.mix = torch.nn.Linear(32, 32)
    def forward(self, tokens, resid, mask):
        h = self.mix(torch.relu(self.tok(tokens) + self.pos(resid)))
        w = mask.unsqueeze(-1).to(h.dtype)
        return (h * w).sum(1) / w.sum(1)

class Bonds(torch.nn.Module):
    # bond model on one molecule: gather the two atoms of each bond (2, E) and score the bond
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(NZ, 16)
        self.lin = torch.nn.Linear(32, 1)
    def forward(self, z, bonds):
        h = self.emb(z)
        return self.lin(torch.cat([h[bonds[0]], h[bonds[1]]], -1)).squeeze(-1)

def molecules(b=4, n=12):
    # a padded batch of small organic molecules (H, C, N, O) with 5..n atoms each
    z = torch.zeros(b, n, dtype=torch.long)
    mask = torch.zeros(b, n, dtype=torch.bool)
    for i in range(b):
        k = int(torch.randint(5, n + 1, ()))
        z[i, :k] = torch.tensor([1, 6, 7, 8])[torch.randint(0, 4, (k,))]
        mask[i, :k] = True
    pos = torch.randn(b, n, 3) * 1.5 * mask[..., None]
    return z, pos, mask

def proteins(b=3, l=40):
    tokens = torch.randint(0, 20, (b, l))
    resid = torch.arange(l).expand(b, l).clone()
    return tokens, resid, torch.ones(b, l, dtype=torch.bool)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, n = Dim("molecules", min=1, max=64), Dim("atoms", min=2, max=128)
build("en66", Energy().eval(), molecules(4, 12),
      dynamic_shapes=({0: b, 1: n}, {0: b, 1: n}, {0: b, 1: n}))
bp, l = Dim("proteins", min=1, max=32), Dim("residues", min=8, max=512)
build("seq66", SeqEmb().eval(), proteins(3, 40),
      dynamic_shapes=({0: bp, 1: l}, {0: bp, 1: l}, {0: bp, 1: l}))
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
a, e = Dim("atoms", min=2, max=256), Dim("bonds", min=1, max=512)
z = torch.tensor([6, 6, 8, 1, 1, 1, 1, 1, 1])       # ethanol
bonds = torch.tensor([[0, 1, 0, 0, 0, 1, 1, 2], [1, 2, 3, 4, 5, 6, 7, 8]])
build("bond66", Bonds().eval(), (z, bonds), dynamic_shapes=({0: a}, {1: e}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"en66", "seq66", "bond66", "bessel66", "pair66"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "charge-neutrality-branch", "export_failure", "export", """
class Charges(torch.nn.Module):
    # predicted partial charges, corrected to a neutral molecule when they do not sum to zero
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Embedding(NZ, 1)
    def forward(self, z, pos, mask):
        q = self.q(z).squeeze(-1) * mask
        if q.sum() != 0:
            q = q - q.sum(1, keepdim=True) / mask.sum(1, keepdim=True) * mask
        return (q[..., None] * pos).sum(1)              # dipole moment
ep = torch.export.export(Charges(), molecules(4, 12))
""", "The charge-neutrality correction is applied under `if q.sum() != 0:`, a Python branch on "
       "a tensor value that torch.export cannot trace.",
       "Apply the correction unconditionally (subtracting a zero mean is a no-op) or use "
       "torch.where / torch.cond.", match=r".")


def case_03():
    return _m("case_03", "qm9-atom-slot-bias", "dynamic_shape_guard", "export", """
from torch.export import Dim
class SlotEnergy(torch.nn.Module):
    # trained on QM9: a learned offset for each of the 29 atom slots of the padded batch
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(NZ, 16)
        self.slot = torch.nn.Parameter(torch.zeros(29, 16))
        self.out = torch.nn.Linear(16, 1)
    def forward(self, z, pos, mask):
        h = self.emb(z) + self.slot
        return (self.out(h).squeeze(-1) * mask).sum(1)
n = Dim("atoms", min=2, max=128)                 # serve drug-like molecules too
ep = torch.export.export(SlotEnergy(), molecules(4, 29),
                         dynamic_shapes=({1: n}, {1: n}, {1: n}))
""", "The model adds a learned per-atom-slot parameter of 29 rows (QM9's maximum atom count) to "
       "the atom features, so the atoms Dim declared dynamic up to 128 is specialised to 29.",
       "Drop the per-slot offset (it is not permutation invariant anyway) or keep the atom count "
       "static at 29.", match=r".")


def case_04():
    return _m("case_04", "pair-dims-independent", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PairBias(torch.nn.Module):
    # residue features updated with the row mean of the residue-pair representation
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 32)
    def forward(self, seq, pair):
        return seq + self.lin(pair.mean(2))
L, Li, Lj = Dim("L", min=8, max=512), Dim("Li", min=8, max=512), Dim("Lj", min=8, max=512)
ep = torch.export.export(PairBias(), (torch.randn(2, 40, 32), torch.randn(2, 40, 40, 8)),
                         dynamic_shapes=({1: L}, {1: Li, 2: Lj}))
""", "The residue-pair representation's two length dimensions get their own Dims (Li, Lj), "
       "independent of the sequence length L, although the model requires them all equal.",
       "Use the same Dim object for the sequence length and both pair dimensions.",
       match=r".")


# ---------------------------------------------------------------------------- compile phase
def case_06():
    return _m("case_06", "bessel-radial-basis", "unsupported", "compile", """
class BesselEnergy(torch.nn.Module):
    # DimeNet-style radial basis: spherical Bessel functions j0 of the scaled distances
    def __init__(self):
        super().__init__()
        self.register_buffer("freq", torch.arange(1, 9) * torch.pi / RC)
        self.lin = torch.nn.Linear(8, 1)
    def forward(self, pos):
        d = torch.cdist(pos, pos)
        rbf = torch.special.spherical_bessel_j0(d[..., None] * self.freq)
        return self.lin(rbf).sum((1, 2, 3))
ep = torch.export.export(BesselEnergy(), (torch.randn(4, 12, 3),))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/bessel66.pt2")
m = torch._inductor.aoti_load_package(pkg)
e = m(torch.randn(4, 12, 3))
""", "The radial basis uses torch.special.spherical_bessel_j0, which has no AOTI path "
       "(C shim / lowering) on this build.",
       "Write j0 as sin(x)/x with a safe x=0 branch (torch.where) in plain ops.", match=r".")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _m("case_07", "rdkit-atomic-numbers-int32", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{en66}")
z, pos, mask = molecules(4, 12)
z = torch.from_numpy(z.numpy().astype(np.int32))   # [a.GetAtomicNum() ...] collected as np.int32
e = m(z, pos, mask)
""", "The atomic numbers are collected from RDKit into an np.int32 array, while the package was "
       "exported with int64 atomic numbers.",
       "Build the array as int64 (or call .long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Int|Long")


def case_08():
    return _m("case_08", "atom-mask-as-float", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{en66}")
z, pos, mask = molecules(4, 12)
e = m(z, pos, mask.float())                      # the collate function returns a 0/1 float mask
""", "The data loader's collate function returns the atom mask as a 0/1 float tensor, while the "
       "package was exported with a bool mask.",
       "Convert the mask to bool (mask > 0) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Bool|Float")


def case_09():
    return _m("case_09", "pqr-coords-with-charge", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{en66}")
z, pos, mask = molecules(4, 12)
pqr = torch.cat([pos, torch.randn(4, 12, 1) * 0.3], -1)   # x, y, z, partial charge from a PQR file
e = m(z, pqr, mask)
""", "The coordinates are read from PQR files with the partial-charge column kept, giving "
       "(B, N, 4), while the package takes (B, N, 3) positions.",
       "Keep only the x, y, z columns (pqr[..., :3]) before the call.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_10():
    return _m("case_10", "sequence-ascii-bytes", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{seq66}")
seq = "MKTAYIAKQRQISFVKSHFSRQLEERLGLIEVQAPILSRVGDGTQDNLSGAEKAVQVKVKALPDAQ"
tokens = torch.frombuffer(bytearray(seq.encode()), dtype=torch.uint8).unsqueeze(0)  # raw ASCII
resid = torch.arange(len(seq)).unsqueeze(0)
out = m(tokens, resid, torch.ones_like(resid, dtype=torch.bool))
""", "The sequence is turned into a tensor of its raw ASCII bytes (uint8) instead of the "
       "int64 amino-acid token ids the package was exported for.",
       "Map each letter to its index in the 20-letter alphabet (AA.index(c)) as int64.",
       needs=("r",), env=CHECK, match=r"dtype|Byte|Long")


def case_11():
    return _m("case_11", "titin-fragment-over-512", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{seq66}")
tokens, resid, mask = proteins(2, 1000)          # two 1000-residue titin fragments
out = m(tokens, resid, mask)
""", "The sequence package's residues Dim was exported with max=512; a 1000-residue protein "
       "is outside the compiled range.",
       "Crop long proteins into windows of at most 512 residues (or re-export with a larger max "
       "and a larger position table).", needs=("r",), env=CHECK,
       match=r"512|too large|range|bound")


def case_12():
    return _m("case_12", "conformer-ensemble-one-call", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{en66}")
z, pos, mask = molecules(1, 12)
# 200 conformers of one ligand (RDKit ETKDG) scored in a single call
confs = pos + 0.3 * torch.randn(200, 12, 3) * mask[..., None]
e = m(z.expand(200, 12).contiguous(), confs, mask.expand(200, 12).contiguous())
""", "All 200 generated conformers are scored in one call, but the energy package's molecules "
       "Dim was exported with max=64.",
       "Score the conformers in chunks of at most 64 (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"64|too large|range|bound")


def case_24():
    return _m("case_24", "pentapeptide-under-min", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{seq66}")
seq = "YGGFM"                                    # Met-enkephalin, a 5-residue peptide
tokens = torch.tensor([[AA.index(c) for c in seq]] * 2)   # with its D-Ala2 analogue
out = m(tokens, torch.arange(5).repeat(2, 1), torch.ones(2, 5, dtype=torch.bool))
""", "The sequence package's residues Dim was exported with min=8; a 5-residue peptide is "
       "outside the compiled range.",
       "Pad short peptides to 8 residues with the padding token and a False mask (or export "
       "with a smaller min).", needs=("r",), env=CHECK, match=r"8|too small|range|bound")


def case_25():
    return _m("case_25", "macrocycle-over-atom-max", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{bond66}")
n = 300                                          # a macrocyclic peptide with explicit hydrogens
z = torch.tensor([1, 6, 7, 8])[torch.randint(0, 4, (n,))]
bonds = torch.stack([torch.arange(n), (torch.arange(n) + 1) % n])   # the ring bonds
s = m(z, bonds)
""", "The bond package's atoms Dim was exported with max=256; the 300-atom macrocycle with "
       "explicit hydrogens is outside the compiled range.",
       "Re-export with a larger atoms max (or strip hydrogens before scoring).",
       needs=("s",), env=CHECK, match=r"256|too large|range|bound")


# ------------------------------------------------------------------------- run: bad indices
def case_13():
    return _m("case_13", "ambiguous-residue-letters", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{seq66}")
ALPHABET = AA + "-XBZUO"                          # the tokenizer's 26-letter IUPAC alphabet
seq = "MSEQNNTEMTFQIQRIYTKDISFEAPNAPHVFQKDWXXXQPELVKLSUGG"   # X unknown, U selenocysteine
tokens = torch.tensor([[ALPHABET.index(c) for c in seq]] * 2)     # two isoforms of the same length
out = m(tokens, torch.arange(len(seq)).repeat(2, 1), torch.ones_like(tokens, dtype=torch.bool))
""", "The tokenizer's alphabet includes the IUPAC letters X (unknown) and U (selenocysteine) at "
       "indices 22 and 24, beyond the 21-row amino-acid embedding of the package.",
       "Map non-standard residues to a standard one or to the padding token (or retrain with a "
       "larger vocabulary) before the call.", needs=("r",), expect="crash",
       match=r"out of bounds|index")


def case_14():
    return _m("case_14", "pdb-residue-numbers", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{seq66}")
tokens, _, mask = proteins(2, 120)
resid = torch.arange(455, 575).repeat(2, 1)      # the domain's author residue numbers from the PDB
out = m(tokens, resid, mask)
""", "The residue positions are the PDB file's author residue numbers (455-574 for this domain), "
       "beyond the 512-row position embedding, instead of 0-based indices into the chain.",
       "Renumber residues from 0 within each chain (or crop) before the call.",
       needs=("r",), expect="crash", match=r"out of bounds|index")


def case_15():
    return _m("case_15", "sdf-one-based-bonds", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{bond66}")
# the bond block of an SDF/MOL file: atom indices are 1-based
block = '''  1  2  1  0
  2  3  1  0
  1  4  1  0
  1  5  1  0
  1  6  1  0
  2  7  1  0
  2  8  1  0
  3  9  1  0'''
bonds = torch.tensor([[int(l.split()[0]), int(l.split()[1])] for l in block.splitlines()]).T
z = torch.tensor([6, 6, 8, 1, 1, 1, 1, 1, 1])       # ethanol
s = m(z, bonds.contiguous())
""", "The bond table is read from an SDF bond block, whose atom indices are 1-based, so the last "
       "atom's index equals the atom count and is out of range.",
       "Subtract 1 from the SDF atom indices before building the bond tensor.",
       needs=("s",), match=r"out of bounds|index")


# ------------------------------------------------------------------- run: values and units
def case_16():
    return _m("case_16", "coordinates-in-nanometres", "numerical", "run", """
m = torch._inductor.aoti_load_package("{en66}")
z, pos, mask = molecules(4, 12)
ref = m(z, pos, mask)                            # reference energies, positions in Angstrom
pos_nm = pos / 10.0                              # the MD engine (OpenMM/GROMACS) exports nm
e = m(z, pos_nm, mask)
assert torch.allclose(e, ref, atol=1e-2), f"energies differ by up to {(e - ref).abs().max():.2f} kcal/mol"
""", "The coordinates come from an MD engine in nanometres while the model expects Angstrom; "
       "every pair falls inside the 5 Angstrom cutoff and the package returns wrong energies "
       "without an error.", "Convert nm to Angstrom (multiply by 10) at ingestion.",
       needs=("r",), match=r"AssertionError")


def case_17():
    return _m("case_17", "altloc-duplicate-atoms", "numerical", "run", """
m = torch._inductor.aoti_load_package("{en66}")
z, pos, mask = molecules(4, 12)
# the ligand is parsed with both alternate locations (altloc A and B) of a disordered atom;
# the B copy has the same coordinates, so two real atoms coincide
z[0, 5], pos[0, 5], mask[0, 5] = z[0, 0], pos[0, 0], True
z[0, 0] = z[0, 5] = 8
e = m(z, pos, mask)
assert torch.isfinite(e).all(), f"non-finite energies: {e.tolist()}"
""", "Both alternate locations of a disordered atom are kept, so two real atoms sit at the same "
       "coordinates; the Coulomb term divides by a zero distance and the energy is infinite.",
       "Keep one alternate location per atom (altloc A or the highest occupancy) when parsing.",
       needs=("r",), match=r"AssertionError")


def case_18():
    return _m("case_18", "failed-fetch-placeholder-row", "numerical", "run", """
m = torch._inductor.aoti_load_package("{seq66}")
tokens, resid, mask = proteins(3, 40)
tokens[1], mask[1] = 20, False                   # the UniProt fetch of entry 2 failed: all padding
out = m(tokens, resid, mask)
assert torch.isfinite(out).all(), f"non-finite embeddings in rows {out.isnan().any(1).nonzero().flatten().tolist()}"
""", "A protein whose sequence fetch failed is kept in the batch as an all-padding row; the "
       "masked mean pool divides by a zero residue count and that row's embedding is NaN.",
       "Drop failed entries from the batch (or clamp the residue count to at least 1).",
       needs=("r",), match=r"AssertionError")


def case_22():
    return _m("case_22", "mask-from-zero-coordinates", "numerical", "run", """
m = torch._inductor.aoti_load_package("{en66}")
z, pos, mask = molecules(4, 12)
pos = pos - pos[:, :1]                           # each molecule centred on its first atom
pos = pos * mask[..., None]
ref = m(z, pos, mask)
guess = pos.norm(dim=-1) > 0                     # padding detected as atoms at the origin
e = m(z, pos, guess)
assert torch.allclose(e, ref, atol=1e-3), f"energies differ by up to {(e - ref).abs().max():.2f} kcal/mol"
""", "The atom mask is rebuilt from 'coordinates not at the origin', but the molecules are "
       "centred on their first atom, which sits at the origin and is dropped as padding; the "
       "energies are wrong without an error.",
       "Build the mask from the atom counts (or atomic number > 0), never from coordinates.",
       needs=("r",), match=r"AssertionError")


# ------------------------------------------------------------------------ run: weights
def case_19():
    return _c("case_19", "retrained-embedding-full-check", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{en66}")
# only the element embedding was re-fitted on the new DFT data; push it with a full check
m.load_constants({"emb.weight": torch.randn(20, 16) * 0.1}, check_full_update=True)
""", "Only the re-fitted element embedding is passed to load_constants with "
       "check_full_update=True, which requires every constant of the package.",
       "Pass check_full_update=False for a partial update (or send the full set of constants).",
       needs=("r",), match=r".")


def case_20():
    return _c("case_20", "embedding-more-elements", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{en66}")
# the refit added Cl, Br and I: the element embedding now has 54 rows
m.load_constants({"emb.weight": torch.randn(54, 16) * 0.1}, check_full_update=False)
""", "The refit element embedding has 54 rows (Cl, Br, I added) while the package's emb.weight "
       "constant was compiled with 20 rows.",
       "Re-export the model with the larger embedding; load_constants can only replace constants "
       "of the same shape.", needs=("r",), expect="crash", match=r".")


# ------------------------------------------------------------------------- run: resources
def case_21():
    return _m("case_21", "pair-representation-long-chain", "out_of_memory", "run", """
import resource
from torch.export import Dim
class Pair(torch.nn.Module):
    # residue-pair representation (outer sum of residue embeddings), layer-normed
    def __init__(self):
        super().__init__()
        self.tok = torch.nn.Embedding(21, 64)
        self.norm = torch.nn.LayerNorm(64)
    def forward(self, tokens):
        h = self.tok(tokens)
        return self.norm(h[:, :, None, :] + h[:, None, :, :])
ep = torch.export.export(Pair().eval(), (torch.randint(0, 20, (1, 40)),),
                         dynamic_shapes=({1: Dim("L", min=8, max=4096)},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/pair66.pt2")
m = torch._inductor.aoti_load_package(pkg)
tokens = torch.randint(0, 20, (1, 2500))         # a 2500-residue complex
# the inference worker's container: 1 GiB left above what is loaded
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))
with torch.no_grad():
    pair = m(tokens)
""", "The pair representation of a 2500-residue complex is (1, 2500, 2500, 64) float32, about "
       "1.6 GB, more than the 1 GiB the worker has left.",
       "Crop the complex (or compute the pair representation in chunks / bfloat16) on a worker "
       "with enough memory.", match=r"memory|alloc")


CASES = [case_01, case_03, case_04, case_07, case_08, case_09, case_10, case_11,
         case_12, case_24, case_25, case_13, case_14, case_15, case_16, case_17, case_18,
         case_22, case_19, case_20, case_21]
# Failed in the trial but in another way than labelled; none dropped: case_11 and case_24 (a
# single protein sent, so the input check first rejected the batch of 1, below the exported
# batch minimum of 2) were fixed to send two proteins (case_13 / case_14 likewise); case_15 was
# declared a crash but raised an exception, and case_20 was declared an exception but aborted
# the child: their expected outcomes were corrected (labels unchanged).
DROPPED = []
# Tried in the trial and did NOT fail on torch 2.13.0+cpu: case_06 (spherical_bessel_j0 radial
# basis: compiled, loaded and ran).
TRIED = [case_06]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind66.jsonl",
        url_file="benchmarks/live_blind66.py", id_prefix="live66", stems=STEMS,
        scratch_prefix="live_blind66-", description=__doc__.splitlines()[0]))
