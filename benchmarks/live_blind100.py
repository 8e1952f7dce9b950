"""A hundredth blind set of REAL AOTInductor failures (education and learning analytics), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind100.py [--out benchmarks/live_blind100.jsonl] [--keep]

Theme: education and learning analytics (a DKT-style knowledge-tracing model over variable-length
answer histories with skill x correctness interaction embeddings, a dropout-risk tabular model
with normalisation buffers, an essay-scoring encoder over token ids with a padding mask, and a
per-course exercise recommender that scores students against exercise embeddings), exported,
compiled, loaded and run as an ed-tech ML engineer would. No trigger repeats one of tests/zoo.py,
tests/fixtures/capture_cpu_logs.py or benchmarks/live_blind.py .. live_blind99.py (their TRIED
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
NS = 100          # skills in the course's skill taxonomy
NF = 12           # dropout-risk features per student
VOCAB = 5000      # essay tokenizer vocabulary (0 = padding)
NE = 500          # exercises in the course's exercise bank

class KT(torch.nn.Module):
    # DKT-style knowledge tracing: interaction id = skill + NS * correct, embedded, averaged over
    # the history so far (causal running mean), then the mastery probability of every skill
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(2 * NS, 32)
        self.out = torch.nn.Linear(32, NS)
    def forward(self, skill, correct):
        x = self.emb(skill + NS * correct)
        t = torch.arange(1, x.shape[1] + 1, device=x.device, dtype=x.dtype).view(1, -1, 1)
        return torch.sigmoid(self.out(x.cumsum(1) / t))

class Risk(torch.nn.Module):
    # dropout risk from 12 engagement / grade features (logins, GPA, submissions, ...)
    def __init__(self):
        super().__init__()
        self.register_buffer("mu", torch.linspace(0.0, 10.0, NF))
        self.register_buffer("sd", torch.linspace(1.0, 5.0, NF))
        self.mlp = torch.nn.Sequential(torch.nn.Linear(NF, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
    def forward(self, feats):
        return torch.sigmoid(self.mlp((feats - self.mu) / self.sd)).squeeze(-1)

class Essay(torch.nn.Module):
    # essay scoring: token embeddings, masked mean over the non-padding tokens, score in 0..5
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, 64, padding_idx=0)
        self.head = torch.nn.Linear(64, 1)
    def forward(self, tokens):
        mask = (tokens != 0).unsqueeze(-1).float()
        pooled = (self.emb(tokens) * mask).sum(1) / mask.sum(1)
        return 5 * torch.sigmoid(self.head(pooled)).squeeze(-1)

class Rec(torch.nn.Module):
    # exercise recommender for one course: student state x exercise embedding scores
    def __init__(self):
        super().__init__()
        self.ex = torch.nn.Embedding(NE, 16)
    def forward(self, students, exercises):
        return students @ self.ex(exercises).t()

def history(b=4, t=30):
    return torch.randint(0, NS, (b, t)), torch.randint(0, 2, (b, t))

def essays(b=2, n=128):
    tok = torch.randint(1, VOCAB, (b, n))
    tok[:, n // 2:] = 0          # padded to the batch's longest essay
    tok[0, :] = torch.randint(1, VOCAB, (n,))
    return tok
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, t = Dim("students", min=1, max=64), Dim("answers", min=2, max=200)
build("kt100", KT().eval(), history(4, 30), dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}))
build("risk100", Risk().eval(), (torch.randn(8, NF),), dynamic_shapes=({0: Dim("n", min=1, max=4096)},))
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
build("essay100", Essay().eval(), (essays(2, 128),),
      dynamic_shapes=({0: Dim("essays", min=1, max=32), 1: Dim("tokens", min=16, max=512)},))
build("rec100", Rec().eval(), (torch.randn(8, 16), torch.arange(20)),
      dynamic_shapes=({0: Dim("learners", min=1, max=4_000_000)}, {0: Dim("k", min=1, max=NE)}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"kt100", "risk100", "essay100", "rec100"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "cold-start-branch", "export_failure", "export", """
class ColdStartKT(KT):
    # students who have not answered anything correctly yet get the course prior instead
    def __init__(self):
        super().__init__()
        self.register_buffer("prior", torch.full((NS,), 0.3))
    def forward(self, skill, correct):
        if (correct.sum(1) == 0).any():
            return self.prior.expand(skill.shape[0], skill.shape[1], NS)
        return super().forward(skill, correct)
ep = torch.export.export(ColdStartKT(), history(4, 30))
""", "The cold-start rule is a Python `if` on `(correct.sum(1) == 0).any()`, a branch on the "
       "values of the answer history, which torch.export cannot resolve while tracing.",
       "Select with torch.where(cold, prior, mastery) per student (or torch.cond) instead of a "
       "Python branch.", match=r"data.dependent|Could not guard|GuardOnDataDependent")


def case_02():
    return _m("case_02", "length-normalised-essay-score", "export_failure", "export", """
import math
class LenNormEssay(Essay):
    # the rubric divides the summed evidence by sqrt(number of words actually written)
    def forward(self, tokens):
        n = int((tokens != 0).sum())
        return self.head(self.emb(tokens).sum(1)).squeeze(-1) / math.sqrt(n)
ep = torch.export.export(LenNormEssay(), (essays(1, 128),))
""", "The essay length used for normalisation is turned into a Python int with int() on a count "
       "of non-padding tokens, a data-dependent value that export cannot specialise.",
       "Keep the count as a tensor ((tokens != 0).sum(1).float().sqrt()) and divide by it.",
       match=r"data.dependent|Could not guard|GuardOnDataDependent")


def case_03():
    return _m("case_03", "feature-count-declared-dynamic", "dynamic_shape_guard", "export", """
from torch.export import Dim
nf = Dim("features", min=4, max=64)              # more engagement features are planned
ep = torch.export.export(Risk().eval(), (torch.randn(8, NF),),
                         dynamic_shapes=({0: Dim("n", max=4096), 1: nf},))
""", "The number of dropout-risk features is declared dynamic, but the normalisation buffers and "
       "the first Linear layer fix it to 12, so export reports the Dim as specialised.",
       "Keep the feature count static and re-export when features are added.",
       match=r"Constraints violated|specializ")


def case_04():
    return _m("case_04", "position-table-100-steps", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PosKT(KT):
    # SAKT-style learned position table, trained on histories of at most 100 answers
    def __init__(self):
        super().__init__()
        self.pos = torch.nn.Parameter(torch.randn(100, 32) * 0.02)
    def forward(self, skill, correct):
        x = self.emb(skill + NS * correct) + self.pos[: skill.shape[1]]
        return torch.sigmoid(self.out(x))
t = Dim("answers", min=2, max=500)               # a semester can have up to 500 answers
ep = torch.export.export(PosKT(), history(4, 30), dynamic_shapes=({1: t}, {1: t}))
""", "The learned position table has 100 rows, but the history length Dim allows up to 500 "
       "answers; adding pos[:T] forces T <= 100, which violates the declared range.",
       "Cap the Dim at max=100 (truncate histories to the last 100 answers) or enlarge the "
       "position table.", match=r"Constraints violated|specializ|100")


def case_05():
    return _m("case_05", "separate-dims-skill-and-correct", "dynamic_shape_guard", "export", """
from torch.export import Dim
b = Dim("students", max=64)
ts, tc = Dim("skill_steps", max=200), Dim("correct_steps", max=200)
ep = torch.export.export(KT(), history(4, 30), dynamic_shapes=({0: b, 1: ts}, {0: b, 1: tc}))
""", "The skill-id and correctness sequences get separate length Dims, but the model adds them "
       "element-wise, so the two lengths must be equal.",
       "Use one Dim for the history length of both inputs.", match=r"Constraints violated|equal|==")


def case_06():
    return _m("case_06", "weekly-sessions-of-ten", "dynamic_shape_guard", "export", """
from torch.export import Dim
class SessionKT(KT):
    # the mastery head pools the history per practice session of 10 answers
    def forward(self, skill, correct):
        x = self.emb(skill + NS * correct)
        b, t, d = x.shape
        s = x.view(b, t // 10, 10, d).mean(2)
        return torch.sigmoid(self.out(s))
t = Dim("answers", min=2, max=200)
ep = torch.export.export(SessionKT(), history(4, 30), dynamic_shapes=({1: t}, {1: t}))
""", "The model reshapes the history into practice sessions of 10 answers (view(b, t // 10, 10, "
       "d)), which only holds when the history length is a multiple of 10, but the length Dim "
       "allows any value in 2..200.",
       "Declare the length as 10 * Dim('sessions') (or pad histories to a multiple of 10).",
       match=r"Constraints violated|specializ|divisible|Mod|%|view")


# ---------------------------------------------------------------------- run: inputs (R, S)
def case_07():
    return _c("case_07", "pandas-int32-skill-ids", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{kt100}")
# the LMS export stores skill ids in an int32 column; torch.from_numpy keeps the dtype
skill = torch.from_numpy(np.random.randint(0, 100, (4, 30)).astype(np.int32))
correct = torch.randint(0, 2, (4, 30))
p = m(skill, correct)
""", "The skill ids come from an int32 pandas/NumPy column, while the package was exported with "
       "int64 ids.", "Cast the ids to int64 (.long()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Int|Long")


def case_08():
    return _c("case_08", "correctness-as-bool", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{kt100}")
skill = torch.randint(0, 100, (4, 30))
correct = torch.rand(4, 30) > 0.4                 # the grader returns True/False per answer
p = m(skill, correct)
""", "The correctness flags are passed as a bool tensor from the grader, while the package was "
       "exported with int64 0/1 correctness.", "Convert with correct.long() before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Bool|Long")


def case_09():
    return _c("case_09", "risk-forum-posts-feature", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{risk100}")
feats = torch.randn(200, 13)                      # the new ETL adds a forum-posts column
risk = m(feats)
""", "The feature pipeline now appends a thirteenth column (forum posts), while the dropout-risk "
       "package was exported for 12 features.",
       "Drop the new column for this package or retrain/re-export with 13 features.",
       needs=("r",), env=CHECK, match=r"dim value|size|shape|12|13")


def case_10():
    return _c("case_10", "single-essay-unbatched", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{essay100}")
tokens = torch.randint(1, 5000, (300,))           # one essay straight from the tokenizer
score = m(tokens)
""", "One essay's token ids are passed as a 1-D tensor, while the package expects a batch "
       "(essays, tokens).", "Add the batch dimension (tokens.unsqueeze(0)).",
       needs=("s",), env=CHECK, match=r".")


def case_11():
    return _c("case_11", "semester-history-350", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{kt100}")
skill, correct = torch.randint(0, 100, (2, 350)), torch.randint(0, 2, (2, 350))
p = m(skill, correct)                             # a full semester: 350 answers
""", "A full semester of 350 answers is sent to the knowledge-tracing package whose history Dim "
       "was exported with max=200.",
       "Keep the last 200 answers (or re-export with a larger max).",
       needs=("r",), env=CHECK, match=r"200|too large|range|bound")


def case_12():
    return _c("case_12", "new-student-one-answer", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{kt100}")
skill, correct = torch.tensor([[17], [42]]), torch.tensor([[1], [0]])
p = m(skill, correct)                             # two new students who answered one question so far
""", "Two new students with a single answer each are sent to the knowledge-tracing package whose history "
       "Dim was exported with min=2.",
       "Handle histories shorter than 2 with the course prior (or export with min=1).",
       needs=("r",), env=CHECK, match=r"2|too small|range|bound")


def case_13():
    return _c("case_13", "thesis-chapter-900-tokens", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{essay100}")
tokens = torch.randint(1, 5000, (2, 900))         # two capstone reports, 900 tokens each
score = m(tokens)
""", "Two 900-token capstone reports are sent to the essay package whose token Dim was exported with "
       "max=512.", "Chunk or truncate to 512 tokens (or re-export with a larger max).",
       needs=("s",), env=CHECK, match=r"512|too large|range|bound")


# ------------------------------------------------------------------------- run: index values
def case_14():
    return _c("case_14", "skill-tag-added-mid-term", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{kt100}")
skill, correct = torch.randint(0, 100, (4, 30)), torch.ones(4, 30, dtype=torch.long)
skill[2, 7] = 112                                 # a skill tag the curriculum team added mid-term
p = m(skill, correct)
""", "A skill id (112) added to the taxonomy after training makes the interaction id "
       "112 + 100 exceed the 200-row interaction embedding.",
       "Map unseen skills to an 'unknown skill' id (or retrain with the new taxonomy).",
       needs=("r",), expect="crash", match=r"out of bounds|index")


def case_15():
    return _c("case_15", "added-prompt-token-off-by-one", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{essay100}")
tokens = torch.randint(1, 5000, (2, 256))
tokens[:, 0] = 5000                               # the new <prompt_id> special token, appended to the vocab
score = m(tokens)
""", "A special token added to the tokenizer after training gets id 5000, one past the essay "
       "model's 5000-row embedding.", "Resize the embedding and re-export, or do not prepend "
       "the new token for this package.", needs=("s",), expect="crash", match=r"out of bounds|index")


def case_16():
    return _c("case_16", "global-exercise-ids", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{rec100}")
students = torch.randn(32, 16)
course_offset = 12000                             # exercise ids from the platform-wide catalogue
exercises = torch.arange(40) + course_offset
scores = m(students, exercises)
""", "The candidate exercises are passed with platform-wide catalogue ids (12000+), while the "
       "course package's exercise embedding is indexed by course-local ids 0..499.",
       "Map catalogue ids to course-local ids before the call.",
       needs=("s",), match=r"out of bounds")


def case_18():
    return _c("case_18", "risk-dataframe-values-float64", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{risk100}")
table = np.random.rand(200, 12) * 10              # df[FEATURES].values from the weekly pandas ETL
risk = m(torch.from_numpy(table))
""", "The feature matrix is taken from a pandas DataFrame's .values, which is float64, while the "
       "dropout-risk package was exported for float32.",
       "Use df[FEATURES].to_numpy(dtype='float32') (or .float()) before the call.",
       needs=("r",), env=CHECK, match=r"dtype|Double|Float")


# ------------------------------------------------------------------- run: weights and values
def case_17():
    return _c("case_17", "keras-kernel-layout-head", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{kt100}")
# the per-course mastery head was re-fitted in Keras: its kernel is (in, out) = (32, 100)
head = {"out.weight": torch.randn(32, 100), "out.bias": torch.zeros(100)}
m.load_constants(head, check_full_update=False)
p = m(*[torch.randint(0, 100, (4, 30)), torch.randint(0, 2, (4, 30))])
""", "The per-course head was re-fitted in Keras and its kernel keeps Keras' (in, out) layout "
       "(32, 100), while the package's constant out.weight is (100, 32).",
       "Transpose the Keras kernel (kernel.T) before load_constants.",
       needs=("r",), match=r"size|shape|mismatch|numel|100|32")


def case_19():
    return _c("case_19", "gpa-nan-first-term", "numerical", "run", """
m = torch._inductor.aoti_load_package("{risk100}")
feats = torch.rand(200, 12) * 10
feats[:40, 3] = float("nan")                      # first-term students have no GPA yet (NaN)
risk = m(feats)
assert torch.isfinite(risk).all(), f"{int(risk.isnan().sum())} students with NaN risk"
""", "First-term students have no GPA yet and the feature table holds NaN for it; the NaN "
       "propagates through the normalisation and MLP to a NaN dropout risk.",
       "Impute the missing GPA (and add a 'no GPA yet' indicator) before the call.",
       needs=("r",), match=r"AssertionError")


def case_20():
    return _c("case_20", "blank-submission", "numerical", "run", """
m = torch._inductor.aoti_load_package("{essay100}")
tokens = torch.randint(1, 5000, (4, 128))
tokens[3] = 0                                     # a student submitted an empty essay
score = m(tokens)
assert torch.isfinite(score).all(), f"scores {score.tolist()}"
""", "An empty submission is all padding, so the masked mean divides 0 by a token count of 0 and "
       "the essay's score is NaN.", "Reject empty submissions before scoring (or clamp the "
       "token count to at least 1).", needs=("s",), match=r"AssertionError")


def case_21():
    return _c("case_21", "score-every-learner-at-once", "out_of_memory", "run", """
import resource
m = torch._inductor.aoti_load_package("{rec100}")
students = torch.randn(3_000_000, 16)             # the nightly job scores the whole platform
exercises = torch.arange(500)
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**30, vm + 2**30))   # the batch pod's 1 GiB left
scores = m(students, exercises)
""", "The nightly job scores all 3 million learners against all 500 exercises in one call; the "
       "6 GB score matrix does not fit in the 1 GiB the batch pod has left.",
       "Score learners in chunks (e.g. 50k at a time) and keep only each chunk's top-k.",
       needs=("s",), match=r"memory|alloc")

def case_22():
    return _c("case_22", "all-exercises-completed", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{rec100}")
students = torch.randn(2, 16)                     # two students of the same cohort
done = torch.ones(500, dtype=torch.bool)          # this student has completed the whole bank
candidates = torch.arange(500)[~done]             # nothing left to recommend: 0 candidates
scores = m(students, candidates)
""", "Students who have completed every exercise leave zero candidates, while the recommender's "
       "candidate Dim does not admit an empty candidate list (the compiled input check requires "
       "at least 2).",
       "Skip the call (or recommend review items) when no candidates are left.",
       needs=("s",), env=CHECK, match=r"1|too small|range|bound")


def case_23():
    return _c("case_23", "whole-class-of-40-essays", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{essay100}")
tokens = torch.randint(1, 5000, (40, 256))        # the teacher uploads the whole class at once
scores = m(tokens)
""", "A class of 40 essays is scored in one call, while the essay package's batch Dim was "
       "exported with max=32.", "Score in batches of at most 32 essays (or re-export with a "
       "larger max).", needs=("s",), env=CHECK, match=r"32|too large|range|bound")


def case_24():
    return _c("case_24", "enrolled-today-logins-per-week", "numerical", "run", """
m = torch._inductor.aoti_load_package("{risk100}")
logins = torch.randint(0, 20, (200,)).float()
weeks = torch.randint(0, 12, (200,)).float()      # students who enrolled this week: 0 weeks
feats = torch.rand(200, 12) * 10
feats[:, 0] = logins / weeks                      # logins per week, computed in the ETL
risk = m(feats)
assert torch.isfinite(risk).all() and ((risk > 0) & (risk < 1)).all(), risk[weeks == 0]
""", "Logins per week is computed as logins / weeks enrolled, which is inf (or NaN for 0 / 0) "
       "for students who enrolled this week; the value saturates or poisons the risk output.",
       "Compute the rate with weeks clamped to at least 1 (or a separate new-student flag).",
       needs=("r",), match=r"AssertionError")

def case_25():
    return _m("case_25", "course-bank-saved-from-submodule", "constant_loading", "run", """
import io
m = torch._inductor.aoti_load_package("{rec100}")
# the course team retrained the exercise embeddings and saved only that submodule
retrained = Rec()
buf = io.BytesIO()
torch.save(retrained.ex.state_dict(), buf)        # keys: "weight", not "ex.weight"
buf.seek(0)
m.load_constants(torch.load(buf), check_full_update=True)
scores = m(torch.randn(4, 16), torch.arange(50))
""", "The retrained exercise bank was saved from the embedding submodule (rec.ex.state_dict()), "
       "so its key is 'weight', a name the package has no constant for (the constant is named "
       "'ex.weight'), and load_constants rejects it.",
       "Save the whole model's state_dict (or prefix the keys with 'ex.') before load_constants.",
       needs=("s",), match=r"Constant not found|ex\.weight")


CASES = [case_01, case_02, case_03, case_04, case_05, case_06, case_07, case_08, case_09, case_10,
         case_11, case_12, case_13, case_14, case_15, case_16, case_18, case_19, case_20, case_21,
         case_22, case_23, case_24, case_25]
DROPPED = []
TRIED = [case_17]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind100.jsonl",
        url_file="benchmarks/live_blind100.py", id_prefix="live100", stems=STEMS,
        scratch_prefix="live_blind100-", description=__doc__.splitlines()[0]))
