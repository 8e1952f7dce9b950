"""Inputs whose sizes the program ties together: a feature batch `x` (B, T), its category ids
`ids` (B,) through an embedding, and a pair signal `y` (B, 2*T). The compiled code binds B from
x and T from x, and reads ids and y with those sizes (AOTC037 when they disagree)."""
import torch
from torch.export import Dim


class Tied(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.e = torch.nn.Embedding(10, 1)

    def forward(self, x, ids, y):
        return self.e(ids) * x.repeat(1, 2) + y


def make():
    torch.manual_seed(0)
    b, t = Dim("b", min=2, max=64), Dim("t", min=2, max=32)
    return {"model": Tied().eval(),
            "inputs": (torch.randn(3, 4), torch.tensor([1, 2, 3]), torch.randn(3, 8)),
            "dynamic_shapes": {"x": {0: b, 1: t}, "ids": {0: b}, "y": {0: b, 1: 2 * t}}}
