"""Linear+GELU with a dynamic batch Dim('batch', min=2, max=64) (aoti-facts.md, section 6)."""
import torch
from torch.export import Dim


class Dyn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)

    def forward(self, x):
        return torch.nn.functional.gelu(self.lin(x))


def make():
    torch.manual_seed(0)
    batch = Dim("batch", min=2, max=64)
    return {"model": Dyn().eval(), "inputs": (torch.randn(4, 8),),
            "dynamic_shapes": {"x": {0: batch}}}
