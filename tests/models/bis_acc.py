"""sin*2 -> mm -> relu*3 -> mm -> cos, compiled with Inductor's own fault-injection hook
`cpp.inject_relu_bug_TESTING_ONLY="accuracy"` (the C++ relu becomes x+1): the compiled package
disagrees with eager in the middle kernel without producing NaN/Inf."""
import torch


class AccMiddle(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(8, 8))
        self.w2 = torch.nn.Parameter(torch.randn(8, 8) * 0.1)

    def forward(self, x):
        a = torch.sin(x) * 2.0
        b = a @ self.w1
        c = torch.relu(b) * 3.0
        d = c @ self.w2
        return torch.cos(d)


def make():
    torch.manual_seed(0)
    return {"model": AccMiddle().eval(), "inputs": (torch.randn(4, 8),),
            "inductor_configs": {"cpp.inject_relu_bug_TESTING_ONLY": "accuracy"}}
