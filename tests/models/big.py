"""sin(x)+1 on a static (4096, 4096) input: a (1, 1) input makes the kernel read far out of
bounds and the process dies with SIGSEGV (aoti-facts.md, sections 1 and 9)."""
import torch


class Big(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x) + 1.0


def make():
    return {"model": Big().eval(), "inputs": (torch.randn(4096, 4096),)}
