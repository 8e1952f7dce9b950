"""Fix texts for what a model hands torch besides plain tensors: a custom operator's definition, its
fake (meta) kernel and its registration, the compiled model's weights through the constants API,
state a model writes in place, tensors of a kind export or a compiled model does not take (nested,
sparse), and the dynamic shapes' own constructors; named in hints.py, so every hint is `hints.X`."""

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
SWAP_AFTER_AN_UPDATE = (
    "The buffer of constants in use holds none: swap_constant_buffer() makes the inactive buffer the "
    "active one, so fill it first (on the package's loader, model.loader.load_constants(weights, "
    "True, True), whose second argument is use_inactive; on a runner, "
    "update_constant_buffer(weights, use_inactive=True, validate_full_updates=True)), then swap; "
    "never swap back to a buffer released with free_inactive_constant_buffer() before filling it "
    "again."
)
WEIGHTS_API_SIGNATURE = (
    "Call the loaded model's weights API with the arguments the installed torch takes: "
    "load_constants(state_dict, check_full_update=..., user_managed=False) takes the dotted names "
    "of get_constant_fqns(); the runner's update_constant_buffer takes the internal names. "
    "help(model.load_constants) shows the signature."
)
NESTED_TENSOR_INPUT = (
    "Export and AOTI take no nested (jagged) tensors: pass the batch as dense tensors, padded "
    "(torch.nested.to_padded_tensor) with a lengths tensor, or as the values and offsets tensors, "
    "and rebuild what the model needs inside it from those."
)
NO_GRAD_FOR_INPLACE_STATE = (
    "Export traced an in-place write that autograd refuses: forward updates a parameter or an input "
    "that requires grad, or a tensor made under torch.inference_mode. Update parameters and state "
    "under torch.no_grad() (state that changes belongs in a registered buffer), pass example inputs "
    "without requires_grad (x.detach()), build the model outside inference_mode (or clone its "
    "buffers), and export again."
)
SEND_CHANGED_WEIGHTS = (
    "The compiled model holds its own copy of the weights, with the names, shapes and dtypes it was "
    "compiled with: a module edited or trained after export or load does not reach it, and weights "
    "of another dtype or layout are read as the compiled ones without an error. Send the changed "
    "weights with load_constants, each cast to the compiled dtype and named as in "
    "get_constant_fqns() (a whole state_dict also resets running buffers the package keeps), or "
    "export and compile the edited model again."
)
DIM_SIGNATURE = (
    "torch.export.Dim takes a name, then its bounds as keywords only: Dim('t', min=2, max=1024) "
    "(not Dim('t', 2, 1024), nor min/max alone); torch.export.dims('a', 'b', min=..., max=...) "
    "names several with shared bounds; Dim.AUTO and Dim.DYNAMIC are used as they are, not called."
)
OUTPUTS_ARE_PLAIN_TENSORS = (
    "A compiled model returns plain tensors only: a Python number the eager forward returned "
    "(.item(), float(), a count) comes back as a 0-dim tensor, and a tensor subclass or an object "
    "comes back as the plain tensors it was made of. Return tensors from forward and convert after "
    "the call (out.item(), float(out), your subclass or object rebuilt from the tensors)."
)
DENSE_INPUTS = (
    "A compiled model takes dense (strided) tensors only, the layout it was exported with: turn a "
    "sparse input into a dense one with .to_dense(), an MKL-DNN one with .to_dense(), a nested one "
    "with torch.nested.to_padded_tensor; or export and compile a model that takes the sparse "
    "tensor's own parts (indices and values) as dense inputs."
)
PROXY_EXECUTOR_ARGUMENTS = (
    "An op without a C shim runs through AOTI's proxy executor, and the executor could not read the "
    "arguments the package recorded for it. Find the op in the compile log (`... is missing a "
    "c-shim implementation, using proxy executor as fallback`): build sparse tensors outside the "
    "model or pass their dense parts, cast to a dtype the op has a shim for, or replace the op; "
    "with plain dense arguments it is a defect of torch: report it with the op name."
)
