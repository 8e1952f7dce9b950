"""A static (4096, 4096) float32 row reduction: sum over 4096 terms per row. The compiled kernel
sums in another order than eager (vectorised), so it differs in about the fifth significant digit
for rows whose sum is small; a smaller input makes it read far out of bounds (SIGSEGV)."""
import torch


class Red(torch.nn.Module):
    def forward(self, x):
        return torch.sum(x * 1.5, dim=1)


def make():
    torch.manual_seed(0)
    return {"model": Red().eval(), "inputs": (torch.randn(4096, 4096),)}
