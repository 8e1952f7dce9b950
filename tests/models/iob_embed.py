"""Embedding(8, 4) on static (2, 3) int64 indices, compiled with provenance tracking: an index of
9 (or below -8) makes the fused C++ kernel assert `index out of bounds: 0 <= tmpN < 8L`."""
import torch


class Embed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(8, 4)

    def forward(self, idx):
        return self.emb(idx) * 2.0


def make():
    torch.manual_seed(0)
    return {"model": Embed().eval(), "inputs": (torch.tensor([[0, 1, 2], [3, 4, 7]]),),
            "inductor_configs": {"trace.provenance_tracking_level": 1}}
