"""One 8-row embedding read through five forms of its index input, for the plain-read parser
(`package.index_reads`): `plain` unchanged (a plain read), `one_based - 1`, a `where` that maps
negatives to 0, `plain + shift` (two inputs) and a `%`; only the first is a plain read."""
import torch


class Forms(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(8, 4)

    def forward(self, plain, one_based, masked, shift, cyclic):
        a = self.emb(plain)
        b = self.emb(one_based - 1)
        c = self.emb(torch.where(masked < 0, 0, masked))
        d = self.emb(plain + shift)
        e = self.emb(cyclic % 16)
        return a + b + c + d + e


def make():
    ids = torch.tensor([[0, 1, 2], [3, 4, 5]])
    return {"model": Forms().eval(),
            "inputs": (ids, ids + 1, ids.clone(), torch.ones_like(ids), ids.clone())}
