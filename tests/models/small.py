"""Linear(8,4) -> relu(y)*2+1, static (2, 8) float32 input (aoti-facts.md, p0_small)."""
import torch


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 4)

    def forward(self, x):
        y = self.lin(x)
        return torch.relu(y) * 2.0 + 1.0


def make():
    torch.manual_seed(0)
    return {"model": Small().eval(), "inputs": (torch.randn(2, 8),),
            "inductor_configs": {"trace.provenance_tracking_level": 1}}
