"""Row gather `x[idx]` where x's first dimension is dynamic (Dim('rows', min=2, max=64)): the
kernel's bound is the size symbol, so rows=0 at run time (or an index past rows) trips
`index out of bounds: 0 <= tmpN < ks0`. Compiled with provenance tracking."""
import torch
from torch.export import Dim


class Gather(torch.nn.Module):
    def forward(self, x, idx):
        return x[idx] + 1.0


def make():
    rows = Dim("rows", min=2, max=64)
    return {"model": Gather().eval(),
            "inputs": (torch.randn(5, 4), torch.tensor([0, 2, 4])),
            "dynamic_shapes": {"x": {0: rows}, "idx": None},
            "inductor_configs": {"trace.provenance_tracking_level": 1}}
