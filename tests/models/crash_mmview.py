"""An extern mm fed a view of the input: the wrapper reinterprets the input's storage with the
compiled (512, 512) sizes, so a too-small input makes libtorch's gemm read past it: the crash
is inside libtorch (an ATen fallback called from the wrapper), not in a generated kernel."""
import torch


class MMView(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(512, 512))

    def forward(self, x):
        return torch.mm(x.view(512, 512), self.w)


def make():
    torch.manual_seed(0)
    return {"model": MMView().eval(), "inputs": (torch.randn(512 * 512),)}
