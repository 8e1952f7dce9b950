"""Fix texts for a custom operator's definition, its fake (meta) kernel and its registration;
named in hints.py, so every hint is `hints.X`."""

from __future__ import annotations

FAKE_TAKES_THE_OPS_ARGUMENTS = (
    "Export and compile run a custom op's fake (register_fake) function in place of its kernel, with "
    "the arguments the op was called with; eager never calls it, so eager works. Give the fake exactly "
    "the op's parameters, with the same defaults (copy the op's signature), and export again."
)
FAKE_KERNEL_LAYOUT = (
    "Make the custom op's fake (register_fake) kernel return the strides its real kernel returns "
    "(torch.empty_strided, or .contiguous() in the real kernel), and check the op with "
    "torch.library.opcheck before compiling or exporting."
)
CUSTOM_OP_DEFINITION = (
    "torch.library refused the custom op as it was defined or registered, before any model ran: "
    "name it 'namespace::name', annotate every parameter and the return type with types the "
    "schema takes (Tensor, int, float, bool, str, lists and Optional of them), list in "
    "mutates_args the parameters it writes to, define the op before register_fake or impl, and "
    "register a fake class (torch._library.register_fake_class) for a TorchBind object the model "
    "holds. torch.library.opcheck(op, args) checks the definition against a call."
)
