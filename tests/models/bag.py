"""EmbeddingBag(50, 8, mode="sum") on static int64 ids (12,) and offsets (4,): AOTI calls ATen's
embedding_bag (fbgemm on CPU), whose own check refuses an id outside [0, 50) with a RuntimeError."""
import torch


class Bag(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = torch.nn.EmbeddingBag(50, 8, mode="sum")

    def forward(self, ids, offsets):
        return self.bag(ids, offsets)


def make():
    torch.manual_seed(0)
    return {"model": Bag().eval(),
            "inputs": (torch.randint(0, 50, (12,)), torch.tensor([0, 3, 6, 9]))}
