"""Centre each row: x - x.mean(-1), with a dynamic length Dim('samples', min=600, max=2**22) and a
3600-sample example. Inductor compiles the reduction for lengths <= 4096 (the example's side of its
threshold) and the package's input check records [600, 4096], narrower than the export's range."""
import torch
from torch.export import Dim


class Centre(torch.nn.Module):
    def forward(self, p):
        return p - p.mean(-1, keepdim=True)


def make():
    torch.manual_seed(0)
    houses, samples = Dim("houses", min=2, max=64), Dim("samples", min=600, max=2**22)
    return {"model": Centre().eval(), "inputs": (torch.rand(2, 1, 3600),),
            "dynamic_shapes": ({0: houses, 2: samples},)}
