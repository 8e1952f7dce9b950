"""Two 50-row constant tables read at int64 ids of a dynamic (batch, n) input, summed per row and
scaled by a per-row input: `Dim('batch', min=1)` is recorded with minimum 2, and the vectorised
C++ kernel defines its index in a multi-line lambda (`auto tmpN =\n[&]{...}()`) and reuses the
same tmp names in a later loop. An id of 50 or more trips `index out of bounds: 0 <= tmpN < 50L`."""
import torch
from torch.export import Dim


class Tables(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("price", torch.linspace(1.0, 2.0, 50))
        self.register_buffer("weight", torch.linspace(0.5, 1.5, 50))

    def forward(self, ids, scale):
        return (self.price[ids] * self.weight[ids]).sum(-1) / scale


def make():
    batch, n = Dim("batch", min=1, max=64), Dim("n", min=2, max=512)
    return {"model": Tables().eval(),
            "inputs": (torch.randint(0, 50, (4, 40)), torch.ones(4)),
            "dynamic_shapes": {"ids": {0: batch, 1: n}, "scale": {0: batch}}}
