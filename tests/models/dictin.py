"""x + d['a'] - 10 * d['b'] with a dict argument: torch 2.13 takes the dict's tensors by position,
so a dict with its keys in another order is silently swapped (aoti-facts.md, section 8)."""
import torch


class DictIn(torch.nn.Module):
    def forward(self, x, d):
        return x + d["a"] - 10.0 * d["b"]


def make():
    return {"model": DictIn().eval(),
            "inputs": (torch.ones(2, 3), {"a": torch.full((2, 3), 2.0), "b": torch.full((2, 3), 3.0)})}
