"""sigmoid*2 -> mm -> log*0.5 -> mm -> tanh+1: the MIDDLE pointwise kernel (log of the negative
entries of the first mm) makes NaN from finite inputs; the mm (extern) kernels keep Inductor from
fusing the three pointwise steps, so there is a kernel before and after the producer."""
import torch


class NanMiddle(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(8, 8))
        self.w2 = torch.nn.Parameter(torch.randn(8, 8))

    def forward(self, x):
        a = torch.sigmoid(x) * 2.0
        b = a @ self.w1
        c = torch.log(b) * 0.5
        d = c @ self.w2
        return torch.tanh(d) + 1.0


def make():
    torch.manual_seed(0)
    return {"model": NanMiddle().eval(), "inputs": (torch.randn(4, 8),)}
