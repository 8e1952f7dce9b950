"""x * 2 + 1 on a static (5120, 5120) float32 input: 100 MiB in, 100 MiB out. Used to measure
the isolated worker's round trip for a large tensor (benchmarks/safe_load_overhead.py)."""
import torch


class Wide(torch.nn.Module):
    def forward(self, x):
        return x * 2.0 + 1.0


def make():
    return {"model": Wide().eval(), "inputs": (torch.zeros(5120, 5120),)}
