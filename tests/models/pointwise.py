"""sin(x)*2+x on a static contiguous (3, 5) input: one fused pointwise kernel that indexes the
input as contiguous, so a transposed view gives wrong numbers with no error (knowledge.md, 7)."""
import torch


class Pointwise(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x) * 2.0 + x


def make():
    return {"model": Pointwise().eval(), "inputs": (torch.randn(3, 5),)}
