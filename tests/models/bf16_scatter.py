"""zeros(64, C).index_add(0, idx, feat) in bfloat16 over a dynamic row count: index_add has no C
shim for it, so the package calls it through AOTI's proxy executor, which refuses the recorded
arguments (`Mismatch between ints consumed and num_ints`; torch 2.13.0 and 2.14.1)."""
import torch


class Bf16Scatter(torch.nn.Module):
    def forward(self, feat, idx):
        return torch.zeros(64, feat.shape[1], dtype=feat.dtype).index_add(0, idx, feat)


def make():
    torch.manual_seed(0)
    n = torch.export.Dim("n", min=2, max=4096)
    return {"model": Bf16Scatter().eval(),
            "inputs": (torch.randn(100, 4).bfloat16(), torch.randint(0, 64, (100,))),
            "dynamic_shapes": ({0: n}, {0: n})}
