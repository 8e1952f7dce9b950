"""Linear(8,6) -> relu -> Linear(6,4), static (2, 8) float32: two weight constants."""
import torch


class TwoLin(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(8, 6)
        self.b = torch.nn.Linear(6, 4)

    def forward(self, x):
        return self.b(torch.relu(self.a(x)))


def make():
    torch.manual_seed(0)
    return {"model": TwoLin().eval(), "inputs": (torch.randn(2, 8),)}
