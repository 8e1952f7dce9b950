"""A hundred-and-seventeenth blind set of REAL AOTInductor failures (customer support and conversational AI models), triggered live with torch.

Same method as `live_blind.py`, whose execution part this script reuses (it imports it as the
harness): every case runs in its own child process with a timeout, at most two at a time; a
Python exception is recorded as the child's own `traceback.format_exc()`, a child killed by a
signal as its captured stderr plus the line bash prints for that signal. Packages that several
run-time cases share are built once, in two setup children (R and S), into a temporary
directory. Cases that do not fail, or fail another way than the label was given for, are
reported and skipped; nothing is fabricated.

    /path/to/python benchmarks/live_blind117.py [--out benchmarks/live_blind117.jsonl] [--keep]

Theme: customer support and conversational AI (a ticket-routing classifier over token ids and
an attention mask, a toxicity/abuse filter for chat messages, a CSAT predictor from conversation
features and the contact channel, a reply ranker scoring candidate answers, a sentiment and
urgency scorer over chat transcripts with speaker roles, an intent/slot model conditioned on the
previous turn's intent), exported, compiled, loaded and run as a support-platform ML engineer
would. No trigger repeats one of tests/zoo.py, tests/fixtures/capture_cpu_logs.py or
benchmarks/live_blind.py .. live_blind115.py (their TRIED lists included). Building the set
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
VOCAB = 8000                                           # the in-house support-domain wordpiece vocab
TOX_LABELS = ["toxic", "severe", "obscene", "threat", "insult", "identity_hate"]

class Router(torch.nn.Module):
    # ticket routing: token ids (tickets, tokens) + attention mask (float) -> logits of 6 queues
    # (billing, tech, shipping, returns, account, fraud), masked mean pooling
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, 32)
        self.out = torch.nn.Linear(32, 6)
    def forward(self, input_ids, attention_mask):
        e = self.emb(input_ids) * attention_mask.unsqueeze(-1)
        return self.out(e.sum(1) / attention_mask.sum(1, keepdim=True))

class Toxic(Router):
    # toxicity / abuse filter for chat messages: 6 independent label probabilities
    def forward(self, input_ids, attention_mask):
        return torch.sigmoid(super().forward(input_ids, attention_mask))

FEAT_MEAN = [420.0, 12.0, 2.5, 0.2, 0.4, 95.0]   # handle s, turns, log first-response s, reopens, transfers, wait s
FEAT_STD = [300.0, 8.0, 1.5, 0.5, 0.7, 120.0]
CHANNELS = ["email", "chat", "phone", "social"]

class Csat(torch.nn.Module):
    # probability that the customer rates the conversation satisfied, from 6 conversation
    # features (columns as FEAT_MEAN) and the contact channel
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor(FEAT_MEAN))
        self.register_buffer("std", torch.tensor(FEAT_STD))
        self.lin = torch.nn.Linear(6, 1)
        self.channel = torch.nn.Embedding(4, 1)
        with torch.no_grad():
            self.lin.weight.copy_(torch.tensor([[-0.4, -0.2, -0.6, -0.8, -0.5, -0.7]]))
            self.lin.bias.fill_(0.8)
    def forward(self, feats, channel):
        f = torch.cat([feats[:, :2], torch.log(feats[:, 2:3]), feats[:, 3:]], 1)
        z = (f - self.mean) / self.std
        return torch.sigmoid(self.lin(z).squeeze(-1) + self.channel(channel).squeeze(-1))

def conversations(b=4):
    handle = torch.rand(b) * 900 + 60
    turns = torch.randint(2, 40, (b,)).float()
    frt = torch.rand(b) * 600 + 5                       # first response time, seconds
    reopen = torch.randint(0, 3, (b,)).float()
    transfers = torch.randint(0, 3, (b,)).float()
    wait = torch.rand(b) * 300
    return torch.stack([handle, turns, frt, reopen, transfers, wait], 1)
"""

BUILD = harness.BUILD

SETUP_R = """
import json, os, torch
from torch.export import Dim
torch.manual_seed(0)
out = sys.argv[2]
paths = {}
""" + MODELS + BUILD + """
b, t = Dim("tickets", min=1, max=256), Dim("tokens", min=2, max=2048)
ids, mask = torch.randint(1, VOCAB, (4, 64)), torch.ones(4, 64)
build("router117", Router().eval(), (ids, mask), dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}))
mb, mt = Dim("messages", min=1, max=512), Dim("msg_tokens", min=2, max=256)
build("toxic117", Toxic().eval(), (torch.randint(1, VOCAB, (8, 24)), torch.ones(8, 24)),
      dynamic_shapes=({0: mb, 1: mt}, {0: mb, 1: mt}))
c = Dim("convs", min=1, max=1024)
build("csat117", Csat().eval(), (conversations(8), torch.randint(0, 4, (8,))),
      dynamic_shapes=({0: c}, {0: c}))
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
class Ranker(torch.nn.Module):
    # reply ranking: conversation context embedding (convs, 64), candidate answers (convs, k, 64),
    # eligibility of each candidate (bool) -> softmax over the eligible candidates
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Linear(64, 64, bias=False)
    def forward(self, ctx, cands, valid):
        s = (cands @ self.w(ctx).unsqueeze(-1)).squeeze(-1) / 8.0
        return torch.softmax(torch.where(valid, s, float("-inf")), -1)

class Transcript(torch.nn.Module):
    # sentiment (-1..1) and urgency (0..1) of a chat transcript: utterance embeddings
    # (convs, turns, 32) and the speaker role of each turn (0 customer, 1 agent)
    def __init__(self):
        super().__init__()
        self.role = torch.nn.Embedding(2, 32)
        self.head = torch.nn.Linear(32, 2)
    def forward(self, turns, speaker):
        h = torch.relu(turns + self.role(speaker)).mean(1)
        o = self.head(h)
        return torch.tanh(o[:, 0]), torch.sigmoid(o[:, 1])

class IntentSlot(torch.nn.Module):
    # chatbot NLU: intent logits (20 intents) and BIO slot tags (9) per token, conditioned on the
    # dialogue state's previous intent (ids 0..19)
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, 32)
        self.prev = torch.nn.Embedding(20, 32)
        self.intent = torch.nn.Linear(32, 20)
        self.slot = torch.nn.Linear(32, 9)
    def forward(self, input_ids, prev_intent):
        h = torch.tanh(self.emb(input_ids) + self.prev(prev_intent)[:, None])
        return self.intent(h.mean(1)), self.slot(h)

cv, k = Dim("convs", min=1, max=512), Dim("cands", min=2, max=100)
build("rank117", Ranker().eval(), (torch.randn(4, 64), torch.randn(4, 10, 64), torch.ones(4, 10, dtype=torch.bool)),
      dynamic_shapes=({0: cv}, {0: cv, 1: k}, {0: cv, 1: k}))
tb, tt = Dim("transcripts", min=1, max=256), Dim("turns", min=2, max=400)
build("tx117", Transcript().eval(), (torch.randn(4, 12, 32), torch.randint(0, 2, (4, 12))),
      dynamic_shapes=({0: tb, 1: tt}, {0: tb, 1: tt}))
ub, ut = Dim("utterances", min=1, max=256), Dim("utt_tokens", min=2, max=128)
build("slot117", IntentSlot().eval(), (torch.randint(1, VOCAB, (4, 16)), torch.randint(0, 20, (4,))),
      dynamic_shapes=({0: ub, 1: ut}, {0: ub}))
with open(os.path.join(out, "setup_s.json"), "w") as f:
    json.dump(paths, f)
"""

STEMS = {"router117", "toxic117", "csat117", "rank117", "tx117", "slot117", "dedup117",
         "tfidf117", "prof117"}

PRE = "import torch\n"
CHECK = {"AOTI_RUNTIME_CHECK_INPUTS": "1"}

# _m: a child that defines the shared models itself
_c, _m = harness.case_makers(MODELS, PRE)


# ---------------------------------------------------------------------------------- cases
# ---------------------------------------------------------------------------- export phase
def case_01():
    return _m("case_01", "escalate-to-human-python-if", "export_failure", "export", """
class Escalating(torch.nn.Module):
    # urgency head that hands the whole batch to a human agent when any chat is urgent
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(32, 1)
    def forward(self, h):
        urgency = torch.sigmoid(self.head(h)).squeeze(-1)
        if urgency.max() > 0.9:
            return torch.ones_like(urgency)          # escalate: route everything to the human queue
        return urgency
ep = torch.export.export(Escalating(), (torch.randn(8, 32),))
""", "The urgency model decides in Python (if urgency.max() > 0.9) whether to escalate the chats "
       "to a human agent, control flow on tensor values that torch.export cannot trace.",
       "Return the urgency and apply the escalation rule outside the model (or use torch.where).",
       match=r"data-dependent|GuardOnDataDependent")


def case_03():
    return _m("case_03", "sentiment-lexicon-python-dict", "export_failure", "export", """
LEXICON = {412: -1.0, 977: -0.8, 1540: 0.9, 2210: 0.7, 3018: -0.6}   # 'refund', 'broken', 'thanks', ...
class LexiconSentiment(torch.nn.Module):
    # rule-based sentiment prior: sum of lexicon scores of the message's tokens
    def forward(self, input_ids):
        return torch.tensor([sum(LEXICON.get(int(t), 0.0) for t in row) for row in input_ids])
ep = torch.export.export(LexiconSentiment(), (torch.randint(1, VOCAB, (4, 32)),))
""", "The sentiment prior looks each token id up in a Python dict (LEXICON.get(int(t))), "
       "turning traced tensor values into Python ints, which torch.export cannot do.",
       "Store the lexicon as a dense score tensor over the vocabulary and index it with the "
       "token ids (scores[input_ids].sum(-1)).", match=r"data-dependent|GuardOnDataDependent")


def case_04():
    return _m("case_04", "keep-latest-256-tokens-if", "dynamic_shape_guard", "export", """
from torch.export import Dim
class LatestTurns(Router):
    # long chats: only the latest 256 tokens are routed
    def forward(self, input_ids, attention_mask):
        if input_ids.shape[1] > 256:
            input_ids, attention_mask = input_ids[:, -256:], attention_mask[:, -256:]
        return super().forward(input_ids, attention_mask)
b, t = Dim("tickets", min=1, max=256), Dim("tokens", min=2, max=4096)
ep = torch.export.export(LatestTurns().eval(), (torch.randint(1, VOCAB, (4, 128)), torch.ones(4, 128)),
                         dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}))
""", "The router truncates long chats with a Python if on the token count (> 256) while the "
       "tokens Dim is declared up to 4096; the branch specialises the Dim to <= 256 and export "
       "refuses the declared range.", "Truncate in the tokenizer/pipeline (or export with max=256), "
       "not with a shape branch inside the model.", match=r"Constraints violated|tokens")


def case_05():
    return _m("case_05", "context-and-reply-embeddings-added-per-position", "dynamic_shape_guard", "export", """
from torch.export import Dim
class PairScorer(torch.nn.Module):
    # light cross-encoder: context and candidate-reply token embeddings added position by position
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, 32)
        self.out = torch.nn.Linear(32, 1)
    def forward(self, ctx_ids, reply_ids):
        h = torch.tanh(self.emb(ctx_ids) + self.emb(reply_ids))
        return self.out(h.mean(1)).squeeze(-1)
b = Dim("pairs", min=1, max=1024)
c, r = Dim("ctx_tokens", min=2, max=512), Dim("reply_tokens", min=2, max=128)
ex = (torch.randint(1, VOCAB, (4, 64)), torch.randint(1, VOCAB, (4, 64)))   # both padded to 64 in the sample
ep = torch.export.export(PairScorer().eval(), ex, dynamic_shapes=({0: b, 1: c}, {0: b, 1: r}))
""", "The pair scorer adds the context and reply token embeddings position by position, which "
       "forces the two token counts to be equal, while they are declared as two independent "
       "Dims (context up to 512, reply up to 128), so export refuses the specification.",
       "Pool context and reply separately before combining them (or declare one shared Dim "
       "and pad both to it).", match=r"Constraints violated|reply_tokens|ctx_tokens")


def case_06():
    return _m("case_06", "subject-and-body-share-one-dim", "dynamic_shape_guard", "export", """
from torch.export import Dim
class SubjectBody(torch.nn.Module):
    # email triage: subject line and body are encoded separately and summed
    def __init__(self):
        super().__init__()
        self.r = Router()
    def forward(self, subj_ids, subj_mask, body_ids, body_mask):
        return self.r(subj_ids, subj_mask) + self.r(body_ids, body_mask)
t = Dim("tokens", min=2, max=1024)                  # one Dim reused for subject and body
ex = (torch.randint(1, VOCAB, (4, 12)), torch.ones(4, 12), torch.randint(1, VOCAB, (4, 180)), torch.ones(4, 180))
ep = torch.export.export(SubjectBody().eval(), ex,
                         dynamic_shapes=({1: t}, {1: t}, {1: t}, {1: t}))
""", "The same tokens Dim is given to the subject line (12 tokens) and the body (180 tokens), "
       "which declares them equal; the example sizes differ, so export refuses the specification.",
       "Use separate Dims for subject and body tokens.", match=r"not equal|Constraints|tokens")


# ------------------------------------------------------------------------ run: inputs (R, S)
def case_07():
    return _c("case_07", "fast-tokenizer-numpy-int32-ids", "input_mismatch", "run", """
import numpy as np
m = torch._inductor.aoti_load_package("{router117}")
# the serving tokenizer returns numpy int32 arrays (return_tensors="np")
enc = {"input_ids": np.random.randint(1, 8000, (3, 40)).astype(np.int32),
       "attention_mask": np.ones((3, 40), dtype=np.int32)}
logits = m(torch.from_numpy(enc["input_ids"]), torch.from_numpy(enc["attention_mask"]).float())
""", "The serving tokenizer returns int32 numpy arrays, so the token ids reach the router "
       "package, exported for int64 ids, as int32.", "Cast the ids with .long() (or ask the "
       "tokenizer for int64) before the call.", needs=("r",), env=CHECK,
       match=r"dtype|kLong|int")


def case_08():
    return _c("case_08", "bool-attention-mask-from-pad-compare", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{toxic117}")
ids = torch.randint(1, 8000, (6, 30))
ids[:, 22:] = 0                                   # padded with PAD = 0
mask = ids != 0                                   # the mask rebuilt from the padded ids
p = m(ids, mask)
""", "The attention mask is rebuilt as ids != PAD, a bool tensor, while the toxicity package "
       "was exported with a float mask.", "Use (ids != 0).float() (the dtype the model was "
       "exported with).", needs=("r",), env=CHECK, match=r"dtype|kFloat")


def case_09():
    return _c("case_09", "gateway-sorted-json-keys-swap-args", "input_mismatch", "run", """
import json
m = torch._inductor.aoti_load_package("{router117}")
ids = torch.randint(1, 8000, (3, 40))
body = {"input_ids": ids.tolist(), "attention_mask": [[1.0] * 40] * 3}
# the API gateway re-serialises request bodies with sort_keys=True; the worker unpacks the values
req = json.loads(json.dumps(body, sort_keys=True))
logits = m(*[torch.tensor(v) for v in req.values()])
""", "The API gateway re-serialises the request body with sorted keys, so the worker's "
       "positional unpacking of the values passes the attention mask first and the token ids "
       "second.", "Pass the inputs by name in the exported order (m(req['input_ids'], "
       "req['attention_mask'])), not by the dict's value order.", needs=("r",), env=CHECK,
       match=r"dtype|kLong|kFloat")


def case_10():
    return _m("case_10", "csat-features-plus-sentiment-column", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{csat117}")
f = conversations(5)
sentiment = torch.rand(5, 1) * 2 - 1                # the new transcript-sentiment feature
p = m(torch.cat([f, sentiment], 1), torch.tensor([0, 1, 1, 2, 3]))
""", "The feature pipeline now appends a transcript-sentiment column (7 features), while the "
       "CSAT package was exported for 6 conversation features.", "Re-train and re-export the "
       "CSAT model with the new feature (or drop the column for this package).",
       needs=("r",), env=CHECK, match=r"dim value|size|shape")


def case_11():
    return _c("case_11", "time-major-turns-from-rnn-encoder", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{tx117}")
enc = torch.randn(30, 4, 32)                      # the utterance encoder returns (turns, convs, 32)
speaker = torch.randint(0, 2, (4, 30))
sent, urg = m(enc.transpose(0, 1), speaker)       # transposed view to (convs, turns, 32)
""", "The utterance encoder's time-major output is transposed to (convs, turns, 32) with a "
       "view, so the turns tensor is not contiguous, while the package was compiled for "
       "contiguous strides.", "Call .contiguous() on the transposed tensor before the call.",
       needs=("s",), env=CHECK, match=r"stride")


def case_12():
    return _c("case_12", "single-conversation-unbatched", "input_mismatch", "run", """
m = torch._inductor.aoti_load_package("{rank117}")
ctx = torch.randn(64)                             # the live chat widget scores one conversation
cands = torch.randn(8, 64)
valid = torch.ones(8, dtype=torch.bool)
p = m(ctx, cands, valid)
""", "The chat widget scores a single conversation and sends it without the batch dimension "
       "(ctx of shape (64,)), while the ranker package expects batched (convs, ...) inputs.",
       "Add the batch dimension (unsqueeze(0)) to all three inputs.", needs=("s",), env=CHECK,
       match=r".")


# -------------------------------------------------------------------- run: dynamic dims
def case_13():
    return _c("case_13", "customer-pastes-log-file", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{router117}")
ids = torch.randint(1, 8000, (2, 20000))          # two tickets where the customer pasted a whole log file
logits = m(ids, torch.ones(2, 20000))
""", "Two tickets carry pasted log files of 20000 tokens, above the tokens Dim's exported "
       "max=2048.", "Truncate tickets to 2048 tokens in the tokenizer (or export with a "
       "larger max).", needs=("r",), env=CHECK, match=r"2048|too large|range|bound")


def case_14():
    return _c("case_14", "ticket-body-empty-after-signature-strip", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{router117}")
# the e-mail cleaner strips quoted history and signatures; these two bodies were only a signature
ids = torch.zeros(2, 0, dtype=torch.long)
logits = m(ids, torch.zeros(2, 0))
""", "The e-mail cleaner leaves empty bodies (0 tokens) for tickets that were only a "
       "signature, below the tokens Dim's exported min=2.", "Route empty tickets with a rule "
       "(or pad them to a minimum length) instead of calling the router.", needs=("r",),
       env=CHECK, match=r"too small|range|bound|>=")


def case_15():
    return _c("case_15", "one-turn-chat-transcript", "dynamic_shape_guard", "run", """
m = torch._inductor.aoti_load_package("{tx117}")
turns = torch.randn(3, 1, 32)                     # abandoned chats: the customer wrote once and left
sent, urg = m(turns, torch.zeros(3, 1, dtype=torch.long))
""", "Abandoned chats have a single customer turn, below the turns Dim's exported min=2.",
       "Score single-turn chats with a rule (or export with min=1 and an example of 2+ turns).",
       needs=("s",), env=CHECK, match=r"too small|range|bound|>=")


# -------------------------------------------------------------------- run: indices and values
def case_16():
    return _c("case_16", "bot-turns-speaker-role-2", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{tx117}")
turns = torch.randn(4, 20, 32)
speaker = torch.randint(0, 2, (4, 20))
speaker[2, :2] = 2                                # a chat since the bot went live: it greets first as role 2
sent, urg = m(turns, speaker)
""", "Since the chatbot went live, its transcripts start with bot turns whose speaker role is "
       "2, while the transcript model's role table has 2 rows (customer, agent).",
       "Map bot turns to an existing role (or re-train with a 3-row role table).",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_17():
    return _m("case_17", "whatsapp-channel-id-4", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{csat117}")
channel = torch.tensor([1, 4, 0, 4, 2, 3])        # 4 = WhatsApp, added to the contact-channel enum
p = m(conversations(6), channel)
""", "WhatsApp was added to the contact-channel enum as id 4, while the CSAT model's channel "
       "table has 4 rows (email, chat, phone, social).", "Map new channels to a known one "
       "(or re-train with the new channel).", needs=("r",), expect="exc",
       match=r"out of bounds|index")


def case_18():
    return _c("case_18", "xlmr-token-ids-into-support-vocab", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{toxic117}")
# Spanish chats tokenized with the multilingual (XLM-R, 250002 pieces) tokenizer of the new bot
ids = torch.randint(0, 250002, (4, 24))
p = m(ids, torch.ones(4, 24))
""", "The Spanish chats are tokenized with the multilingual bot's XLM-R tokenizer (ids up to "
       "250001), while the toxicity filter's embedding covers the 8000-piece support vocab.",
       "Tokenize with the filter's own tokenizer (or deploy a multilingual filter).",
       needs=("r",), expect="crash", match=r"out of bounds|index")


def case_19():
    return _c("case_19", "one-based-previous-intent-id", "index_out_of_bounds", "run", """
m = torch._inductor.aoti_load_package("{slot117}")
ids = torch.randint(1, 8000, (5, 16))
prev = torch.tensor([3, 20, 7, 1, 20])            # dialogue state stores intents 1..20 (NLU config ids)
intent, slots = m(ids, prev)
""", "The dialogue state stores the previous intent with the NLU config's 1-based ids (1..20), "
       "while the model's previous-intent table has rows 0..19, so intent 20 is out of range.",
       "Subtract 1 (map config ids to the model's 0-based ids) before the call.",
       needs=("s",), expect="crash", match=r"out of bounds|index")


def case_20():
    return _c("case_20", "sticker-only-message-empty-mask", "numerical", "run", """
m = torch._inductor.aoti_load_package("{toxic117}")
ids = torch.randint(1, 8000, (4, 16))
mask = torch.ones(4, 16)
ids[2], mask[2] = 0, 0                            # a sticker/attachment-only message: no text tokens
p = m(ids, mask)
assert torch.isfinite(p).all(), f"toxicity probabilities: {p}"
""", "A sticker-only chat message has no text tokens, so its attention mask is all zeros and "
       "the masked mean pooling divides 0 by 0, giving NaN probabilities silently.",
       "Skip messages without text (or clamp the mask sum to >= 1 in the model).",
       needs=("r",), match=r"AssertionError")


def case_21():
    return _c("case_21", "no-eligible-reply-for-new-product", "numerical", "run", """
m = torch._inductor.aoti_load_package("{rank117}")
ctx, cands = torch.randn(3, 64), torch.randn(3, 12, 64)
valid = torch.ones(3, 12, dtype=torch.bool)
valid[1] = False                                  # a question about the new product: no approved answer yet
p = m(ctx, cands, valid)
assert torch.isfinite(p).all(), f"reply scores: {p}"
""", "For a question about a newly launched product no candidate answer is eligible, so every "
       "score is masked to -inf and the softmax returns NaN for that conversation, silently.",
       "Handle conversations without eligible candidates before ranking (fall back to a human "
       "agent), or mask with a large finite negative.", needs=("s",), match=r"AssertionError")


def case_22():
    return _m("case_22", "bot-auto-reply-first-response-zero", "numerical", "run", """
m = torch._inductor.aoti_load_package("{csat117}")
f = conversations(6)
f[[1, 4], 2] = 0.0                                # the auto-reply bot answers instantly: first response 0 s
p = m(f, torch.tensor([1, 1, 0, 2, 1, 3]))
assert torch.isfinite(p).all() and ((p > 1e-6) & (p < 1 - 1e-6)).all(), f"CSAT: {p}"
""", "Conversations answered by the auto-reply bot have a first-response time of 0 s, and the "
       "CSAT model's log(first response) feature is -inf, so their CSAT comes out saturated "
       "(1.0) silently.", "Measure the first human response (or log1p / clamp the time) "
       "before the call.", needs=("r",), match=r"AssertionError")


def case_23():
    return _m("case_23", "wait-time-as-unix-timestamp", "numerical", "run", """
m = torch._inductor.aoti_load_package("{csat117}")
f = conversations(6)
f[:, 5] = 1.7e9 + torch.rand(6) * 1e6             # new CRM export: queue-entry time (unix s), not wait s
p = m(f, torch.tensor([0, 1, 2, 3, 1, 1]))
assert ((p > 1e-4) & (p < 1 - 1e-4)).all(), f"saturated CSAT: {p}"
""", "The new CRM export fills the wait column with the queue-entry unix timestamp instead of "
       "the wait in seconds, about 1.4e7 standard deviations out, so CSAT saturates to 0 "
       "without an error.", "Compute the wait as answer time minus queue-entry time (and "
       "validate feature ranges).", needs=("r",), match=r"AssertionError")


# --------------------------------------------------------------------------- run: weights
def case_24():
    return _m("case_24", "router-retrain-saved-fp16", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{router117}")
ref = torch._inductor.aoti_load_package("{router117}")
torch.manual_seed(1)
sd = Router().eval().state_dict()
names = m.get_constant_fqns()
ref.load_constants({k: sd[k] for k in names}, check_full_update=True)          # the float32 weights
# the nightly retrain saves its checkpoint in fp16 to halve the artifact size
ckpt = {k: v.half() for k, v in sd.items()}
m.load_constants({k: ckpt[k] for k in names}, check_full_update=True)
ids, mask = torch.randint(1, VOCAB, (4, 32)), torch.ones(4, 32)
got, want = m(ids, mask), ref(ids, mask)
assert torch.allclose(got, want, atol=1e-2), f"max diff {(got - want).abs().max():.3g}"
""", "The nightly retrain's fp16 checkpoint is loaded with load_constants into the router "
       "package, whose constants are float32; the update is accepted without a dtype check and "
       "the half-precision bytes are read as float32, so the routing logits are wrong.",
       "Convert the checkpoint to the package's dtype (.float()) before load_constants.",
       needs=("r",), match=r"AssertionError")


def case_25():
    return _m("case_25", "hot-swap-keeps-folded-output-bias", "constant_loading", "run", """
m = torch._inductor.aoti_load_package("{router117}")
torch.manual_seed(3)
retrained = Router().eval()                       # tonight's retrain: new weights and queue priors (bias)
sd = retrained.state_dict()
# hot swap: every constant the package lists is replaced, the full-update check passes
m.load_constants({k: sd[k] for k in m.get_constant_fqns()}, check_full_update=True)
ids, mask = torch.randint(1, VOCAB, (4, 32)), torch.ones(4, 32)
got, want = m(ids, mask), retrained(ids, mask)
assert torch.allclose(got, want, atol=1e-4), f"max diff {(got - want).abs().max():.3g}, constants {m.get_constant_fqns()}"
""", "The retrained router is hot-swapped with load_constants over the package's listed "
       "constants, but the output bias is not among them (it was folded into the compiled "
       "package), so the old queue priors stay and the routing logits differ from the "
       "retrained model without an error.", "Re-compile the package for a retrain that changes "
       "folded constants (or build with constant folding off for hot-swappable packages).",
       needs=("r",), match=r"AssertionError")


# ----------------------------------------------------------------------- run: resources
def case_26():
    return _m("case_26", "duplicate-tickets-whole-backlog", "out_of_memory", "run", """
import resource
from torch.export import Dim
class DupTickets(torch.nn.Module):
    # number of near-duplicate tickets of each ticket: cosine similarity of every ticket pair
    def forward(self, emb):
        e = torch.nn.functional.normalize(emb, dim=-1)
        return ((e @ e.T) > 0.95).sum(-1)
n = Dim("tickets", min=2, max=500000)
ep = torch.export.export(DupTickets(), (torch.randn(100, 32),), dynamic_shapes=({0: n},))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/dedup117.pt2")
m = torch._inductor.aoti_load_package(pkg)
backlog = torch.randn(180000, 32)                 # the whole open-ticket backlog after an outage
vm = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm + 2**31, vm + 2**31))   # the worker's 2 GiB margin
dups = m(backlog)
""", "Duplicate detection is run over the whole open-ticket backlog (180000 tickets) in one "
       "call; the all-pairs similarity matrix needs about 130 GB.",
       "Compare tickets in blocks (or use approximate nearest neighbours).",
       match=r"memory|alloc")


# -------------------------------------------------------------------------- unsupported
def case_27():
    return _m("case_27", "tfidf-sparse-ticket-vectors", "unsupported", "run", """
class TfidfRouter(torch.nn.Module):
    # classic router: sparse TF-IDF ticket vectors (tickets, VOCAB) times a dense weight matrix
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(VOCAB, 6) * 0.01)
    def forward(self, tfidf):
        return torch.sparse.mm(tfidf, self.w)
i = torch.stack([torch.randint(0, 4, (40,)), torch.randint(0, VOCAB, (40,))])
tfidf = torch.sparse_coo_tensor(i, torch.rand(40), (4, VOCAB)).coalesce()
ep = torch.export.export(TfidfRouter(), (tfidf,))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/tfidf117.pt2")
m = torch._inductor.aoti_load_package(pkg)
print(m(tfidf))
""", "The classic router takes sparse COO TF-IDF ticket vectors; the sparse layout has no "
       "supported path through AOTInductor, and the compiled package cannot run the sparse "
       "matmul.", "Densify the TF-IDF input (or use an EmbeddingBag over "
       "token ids with per-token TF-IDF weights).", match=r".")


def case_28():
    return _m("case_28", "profanity-list-python-custom-op", "unsupported", "run", """
BANNED = {17, 256, 4099, 7001}                    # token ids of the profanity list
@torch.library.custom_op("support117::profanity_hits", mutates_args=())
def profanity_hits(ids: torch.Tensor) -> torch.Tensor:
    return torch.tensor([[float(int(t) in BANNED) for t in row] for row in ids.tolist()]).sum(1)
@profanity_hits.register_fake
def _(ids):
    return ids.new_empty(ids.shape[0], dtype=torch.float32)
class Filter(Toxic):
    def forward(self, input_ids, attention_mask):
        p = super().forward(input_ids, attention_mask)
        return torch.maximum(p[:, 2], torch.ops.support117.profanity_hits(input_ids).clamp(max=1))
ids = torch.randint(1, VOCAB, (4, 24)); ids[1, 3] = 4099
ep = torch.export.export(Filter().eval(), (ids, torch.ones(4, 24)))
pkg = torch._inductor.aoti_compile_and_package(ep, package_path="{scratch}/prof117.pt2")
m = torch._inductor.aoti_load_package(pkg)
out = m(ids, torch.ones(4, 24))
assert out[1] == 1.0, out
""", "The profanity-list check is a custom op with only a Python implementation, called from "
       "inside the exported filter; AOTInductor has no C++ kernel for it.",
       "Write the check with tensor ops (torch.isin against a banned-id tensor) or register a "
       "C++ kernel for the op.", match=r".")


CASES = [case_01, case_03, case_04, case_05, case_06, case_07, case_08, case_09,
         case_10, case_11, case_12, case_13, case_14, case_15, case_16, case_17, case_18,
         case_19, case_20, case_21, case_22, case_23, case_24, case_25, case_26, case_27]
DROPPED = []
# Number 02 was dropped before the recorded run: its trigger (a Python assert on a tensor
# in forward) was found in live_blind114 after it was written.
# Did not fail in the first trial: case_28 (a Python-only custom op for the profanity list ran
# through the proxy executor and returned the right answer); kept here, not in CASES.
TRIED = [case_28]

if __name__ == "__main__":
    sys.exit(harness.main(
        cases=CASES, setup_programs=(("r", SETUP_R), ("s", SETUP_S)),
        default_out=ROOT / "benchmarks" / "live_blind117.jsonl",
        url_file="benchmarks/live_blind117.py", id_prefix="live117", stems=STEMS,
        scratch_prefix="live_blind117-", description=__doc__.splitlines()[0]))
