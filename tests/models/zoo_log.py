"""log(x) * 2 on a static (2, 8) float32 input (aoti-facts.md `LogM`): a negative entry gives NaN
in the output and the package raises nothing (tests/zoo.py, case run_nan_output)."""
import torch


class LogM(torch.nn.Module):
    def forward(self, x):
        return torch.log(x) * 2.0


def make():
    return {"model": LogM().eval(), "inputs": (torch.rand(2, 8) + 0.5,)}
