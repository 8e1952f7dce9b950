"""A 16-row position table read at `arange(T)` for a dynamic T (`Dim('T', min=2, max=64)`): the
kernel indexes the table with its own loop counter over T, so any T above 16 trips
`index out of bounds: 0 <= tmpN < 16L` although T is inside the compiled range."""
import torch
from torch.export import Dim


class Positions(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = torch.nn.Embedding(16, 8)

    def forward(self, x):
        t = torch.arange(x.shape[1], device=x.device)
        return x + self.pos(t)


def make():
    return {"model": Positions().eval(),
            "inputs": (torch.randn(2, 10, 8),),
            "dynamic_shapes": {"x": {1: Dim("T", min=2, max=64)}}}
