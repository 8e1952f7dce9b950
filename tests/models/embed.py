"""Embedding(8, 4) on static (2, 3) int64 indices, times 2: the example holds valid indices."""
import torch


class Embed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(8, 4)

    def forward(self, idx):
        return self.emb(idx) * 2.0


def make():
    torch.manual_seed(0)
    return {"model": Embed().eval(), "inputs": (torch.tensor([[0, 1, 2], [3, 4, 7]]),)}
