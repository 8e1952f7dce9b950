"""Embedding(10, 4) -> *2+1 -> relu: an out-of-range index (e.g. 50) makes the fused CPU kernel
raise `index out of bounds` at run time (an error from a fused kernel, not a crash)."""
import torch


class Embed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 4)

    def forward(self, idx):
        e = self.emb(idx)
        return torch.relu(e * 2.0 + 1.0)


def make():
    torch.manual_seed(0)
    return {"model": Embed().eval(), "inputs": (torch.tensor([[1, 2, 3]]),),
            "bad_inputs": (torch.tensor([[1, 50, 3]]),)}
