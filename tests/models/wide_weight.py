"""Linear(1024, 2048) without bias: an 8 MiB weight, static (2, 1024) float32 input. Built without
its weights (package_constants_in_so=False) it needs load_constants, whose buffer allocation a
memory cap makes fail (tests/test_memory_starved.py)."""
import torch


def make():
    torch.manual_seed(0)
    return {"model": torch.nn.Linear(1024, 2048, bias=False).eval(), "inputs": (torch.randn(2, 1024),),
            "inductor_configs": {"aot_inductor.package_constants_in_so": False}}
