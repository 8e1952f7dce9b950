"""Pure parsing of AOTI generated code (`*.wrapper.cpp`) and metadata into the compiled contract.

No I/O and no torch: text in, plain dicts out, so every torch version's code style is a unit test
away. The generated code is the only place the contract is written down (aoti-facts.md, sections
6-8): `inputs_info_[i].name`, the per-input `check_input_N` guards (dtype, static sizes, dynamic
min/max, strides, device type; emitted in torch 2.13 even without AOTI_RUNTIME_CHECK_INPUTS),
`assert_size_stride(...)` calls (symbolic sizes and strides), `int64_t sNN = argN_size[D]` symbol
bindings, `constants_info_`, `in_spec_`/`out_spec_`, kernel declarations and the
`// Topologically Sorted Source Nodes:` comments. Each reader is a regex table entry; what a
given text lacks is reported in `missing`, never guessed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping

from ..core.text.frames import user_frames

# ---------------------------------------------------------------- regex tables (data, not code)
_NAME = r"[A-Za-z_]\w*"
RX = {
    "input_name": re.compile(rf'inputs_info_\[(\d+)\]\.name\s*=\s*"({_NAME})"'),
    "output_name": re.compile(rf'outputs_info_\[(\d+)\]\.name\s*=\s*"({_NAME})"'),
    "constant_field": re.compile(r"constants_info_\[(\d+)\]\.(\w+)\s*=\s*(.+?);\s*$", re.M),
    "spec": re.compile(r'(in_spec_|out_spec_)\s*=\s*(R"(?P<d>[^(]*)\((?P<raw>.*?)\)(?P=d)"|"(?P<esc>(?:[^"\\]|\\.)*)")',
                       re.S),
    "guard_fn": re.compile(r"static\s+void\s+check_input_(\d+)\s*\("),
    "handle": re.compile(rf"ConstantHandle\s+({_NAME})\s*=\s*ConstantHandle\(\s*input_handles\[(\d+)\]\s*\)"),
    "symbol": re.compile(rf"(?:const\s+)?(?:int64_t|auto|long)\s+(\w+)\s*=\s*({_NAME})_size\[(\d+)\]\s*;"),
    "assert_size_stride": re.compile(rf"assert_size_stride\(\s*({_NAME})\s*,\s*\{{([^}}]*)\}}\s*,\s*\{{([^}}]*)\}}"),
    "extern_decl": re.compile(rf'extern\s+"C"\s+(?:\w+\s+)*void\s+({_NAME})\s*\('),
    "source_nodes": re.compile(r"//\s*Topologically Sorted Source Nodes:\s*\[([^\]]*)\](?:,\s*Original ATen:\s*\[([^\]]*)\])?"),
    "provenance": re.compile(r"//\s*\[Provenance debug handles\]\s*([\w:]+)"),
    "kernel_call": re.compile(r"^\s*(?:AOTI_TORCH_ERROR_CODE_CHECK\()?\s*((?:cpp_fused|triton|aoti_torch_\w+?_)\w*|kernels\.\w+)\s*\(", re.M),
    # the whole base-constructor argument list: its 6th argument is `include_weights`
    "model_ctor": re.compile(r"AOTInductorModelBase\(([^{};]*?)\)\s*\{"),
}
# Per input NAME (formatted in): the guards of the check_input_N function.
GUARD_RX = {
    "dtype": r"{n}_expected_dtype\s*=\s*aoti_torch_dtype_(\w+)\(\)",
    "size_eq": r"if\s*\(\s*(-?\d+)L?\s*!=\s*{n}_size\[(\d+)\]\s*\)",
    "size_min": r"if\s*\(\s*{n}_size\[(\d+)\]\s*<\s*(-?\d+)L?\s*\)",
    "size_max": r"if\s*\(\s*{n}_size\[(\d+)\]\s*>\s*(-?\d+)L?\s*\)",
    "stride_eq": r"if\s*\(\s*(-?\d+)L?\s*!=\s*{n}_stride\[(\d+)\]\s*\)",
    "device": r"{n}_expected_device_type\s*=\s*(\d+)\s*;",
}
# The provenance member (trace.provenance_tracking_level=1): kernel -> FX nodes -> stack traces.
PROVENANCE_MEMBER = "kernel_information.json"
_KERNEL_MARKERS = ("cpp_fused", "triton", "aoti_torch_", "kernels.")
DEVICE_CODES = {0: "cpu", 1: "cuda", 2: "mkldnn", 3: "opengl", 4: "opencl", 5: "ideep", 6: "hip",
                7: "fpga", 8: "maia", 9: "xla", 10: "vulkan", 11: "metal", 12: "xpu", 13: "mps",
                14: "meta", 15: "hpu", 16: "ve", 17: "lazy", 18: "ipu", 19: "mtia",
                20: "privateuseone"}
_CPP_DTYPES = {"Float": "float32", "Double": "float64", "Half": "float16", "BFloat16": "bfloat16",
               "Long": "int64", "Int": "int32", "Short": "int16", "Char": "int8", "Byte": "uint8",
               "Bool": "bool", "ComplexFloat": "complex64", "ComplexDouble": "complex128"}


def _int_or_sym(tok: str) -> int | str:
    tok = tok.strip()
    m = re.fullmatch(r"(-?\d+)L{0,2}", tok)
    return int(m.group(1)) if m else tok


def _split_list(body: str) -> list[int | str]:
    return [_int_or_sym(t) for t in body.split(",") if t.strip()]


def _cpp_dtype(value: str) -> str | None:
    m = re.search(r"dtype_(\w+)|at::k(\w+)|\bk(\w+)\b", value)
    if not m:
        return None
    name = m.group(1) or m.group(2) or m.group(3)
    return name if m.group(1) else _CPP_DTYPES.get(name, name.lower())


def _unescape_cpp(s: str) -> str:
    return s.encode("utf-8").decode("unicode_escape") if "\\" in s else s


def parse_constants(text: str) -> list[dict[str, Any]]:
    """`constants_info_[i].field = value;` lines grouped per constant index."""
    consts: dict[int, dict[str, Any]] = {}
    for m in RX["constant_field"].finditer(text):
        idx, key, val = int(m.group(1)), m.group(2), m.group(3).strip()
        c = consts.setdefault(idx, {"index": idx})
        if key in ("name", "original_fqn"):
            c[key] = val.strip('"')
        elif key == "dtype":
            c["dtype"] = _cpp_dtype(val)
        elif key in ("shape", "stride"):
            c[key] = [v for v in _split_list(val.strip("{} ")) if isinstance(v, int)]
        elif key == "device_type":
            c["device_type"] = _cpp_dtype(val.replace("device_type_", "dtype_")) if "device_type_" in val else val
        else:
            c[key] = _int_or_sym(val)
    return [consts[i] for i in sorted(consts)]


def parse_specs(text: str) -> dict[str, str | None]:
    """`in_spec_` / `out_spec_` pytree JSON strings (raw-string or escaped C++ literal)."""
    out: dict[str, str | None] = {"in_spec": None, "out_spec": None}
    matches = []
    for key in ("in_spec_", "out_spec_"):  # anchor with str.find: a regex scan of 40k+ lines is slow
        pos = text.find(key)
        while pos >= 0:
            m = RX["spec"].match(text, pos)
            if m:
                matches.append(m)
            pos = text.find(key, pos + 1)
    for m in matches:
        val = m.group("raw") if m.group("raw") is not None else _unescape_cpp(m.group("esc") or "")
        out["in_spec" if m.group(1) == "in_spec_" else "out_spec"] = val
    return out


def _guard_block(text: str, idx: int, name: str) -> str:
    """The body of `check_input_<idx>` (or, for older styles, the text after the handle)."""
    for m in RX["guard_fn"].finditer(text):
        if int(m.group(1)) == idx:
            end = text.find("\n}", m.end())
            return text[m.end(): end if end > 0 else len(text)]
    return ""


def parse_inputs(text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Per-input contract dicts (index, name, dtype, sizes, strides, device_type) and what is missing.

    `sizes` items are ints or {"symbol", "min", "max"}; `strides` items are ints or expression strings.
    """
    missing: list[str] = []
    names = {int(i): n for i, n in RX["input_name"].findall(text)}
    for n, i in RX["handle"].findall(text):  # styles without inputs_info_ names
        names.setdefault(int(i), n)
    symbols: dict[tuple[str, int], str] = {}
    for sym, n, d in RX["symbol"].findall(text):
        symbols.setdefault((n, int(d)), sym)
    asserted = {n: (_split_list(sz), _split_list(st)) for n, sz, st in RX["assert_size_stride"].findall(text)}
    has_guards = bool(RX["guard_fn"].search(text))
    if not has_guards:
        missing.append("input guards (check_input_N): dtype, static sizes, min/max and device type "
                       "not in the generated code")
    inputs = []
    for idx in sorted(names):
        name = names[idx]
        block = _guard_block(text, idx, name)
        n = re.escape(name)
        g = {k: re.compile(v.format(n=n)).findall(block) for k, v in GUARD_RX.items()}
        dtype = g["dtype"][0] if g["dtype"] else None
        dims: dict[int, Any] = {int(d): int(v) for v, d in g["size_eq"]}
        mins = {int(d): int(v) for d, v in g["size_min"]}
        maxs = {int(d): int(v) for d, v in g["size_max"]}
        strides: dict[int, Any] = {int(d): int(v) for v, d in g["stride_eq"]}
        a_sizes, a_strides = asserted.get(name, (None, None))
        ndim_candidates = [len(a_sizes)] if a_sizes is not None else []
        known = set(dims) | set(mins) | set(maxs) | set(strides) | {d for (nm, d) in symbols if nm == name}
        ndim = ndim_candidates[0] if ndim_candidates else (max(known) + 1 if known else None)
        sizes: list[Any] | None = None
        if ndim is not None:
            sizes = []
            for d in range(ndim):
                if d in dims:
                    sizes.append(dims[d])
                    continue
                sym = symbols.get((name, d))
                if sym is None and a_sizes is not None and isinstance(a_sizes[d], str):
                    sym = a_sizes[d]
                if sym is None and a_sizes is not None and isinstance(a_sizes[d], int):
                    sizes.append(a_sizes[d])
                    continue
                sizes.append({"symbol": sym or f"?{d}", "min": mins.get(d), "max": maxs.get(d)})
        stride_list: list[Any] | None = None
        if ndim is not None and (strides or a_strides is not None):
            stride_list = []
            for d in range(ndim):
                if d in strides:
                    stride_list.append(strides[d])
                elif a_strides is not None and d < len(a_strides):
                    stride_list.append(a_strides[d])
                else:
                    stride_list.append("?")
        dev = DEVICE_CODES.get(int(g["device"][0]), g["device"][0]) if g["device"] else None
        if sizes is None:
            missing.append(f"input {idx} ({name}): sizes")
        inputs.append({"index": idx, "name": name, "dtype": dtype, "sizes": sizes,
                       "strides": stride_list, "device_type": dev})
    if not names:
        missing.append("input names (inputs_info_)")
    return inputs, missing


def parse_outputs(text: str) -> list[dict[str, Any]]:
    return [{"index": int(i), "name": n} for i, n in sorted(RX["output_name"].findall(text), key=lambda t: int(t[0]))]


def parse_kernels(text: str, provenance: Mapping[str, Provenance] | None = None) -> list[dict[str, Any]]:
    """Kernels named by the wrapper (declared or called), each with the source nodes named in the
    comments above its call and, when the package has `kernel_information.json`, its stack traces."""
    order: dict[str, dict[str, Any]] = {}

    def add(name: str) -> dict[str, Any]:
        return order.setdefault(name, {"name": name, "source_nodes": [], "stack_traces": []})

    for name in RX["extern_decl"].findall(text):
        if not name.startswith(("AOTInductor", "aoti_")):
            add(name)
    pending: list[str] = []
    for line in text.splitlines():
        if "(" not in line and "Source Nodes" not in line:
            continue
        if "Source Nodes" not in line and not any(k in line for k in _KERNEL_MARKERS):
            continue
        m = RX["source_nodes"].search(line)
        if m:
            pending = [s.strip() for s in m.group(1).split(",") if s.strip()]
            pending += [s.strip() for s in (m.group(2) or "").split(",") if s.strip()]
            continue
        c = RX["kernel_call"].match(line)
        if c:
            name = c.group(1).removeprefix("kernels.")
            if name.startswith("aoti_torch_") and not name.endswith("_out") and "_cpu_" not in name \
                    and "_cuda_" not in name:
                continue  # runtime helpers (empty_strided, get_dtype, ...), not kernels
            k = add(name)
            for s in pending:
                if s not in k["source_nodes"]:
                    k["source_nodes"].append(s)
            pending = []
    for name, entry in (provenance or {}).items():
        k = add(name)
        for s in entry.pre_grad_nodes + entry.post_grad_nodes:
            if s not in k["source_nodes"]:
                k["source_nodes"].append(s)
        for t in entry.stack_traces:
            if t not in k["stack_traces"]:
                k["stack_traces"].append(t)
    return list(order.values())


def parse_wrapper(text: str, provenance: Mapping[str, Provenance] | None = None) -> dict[str, Any]:
    """Everything the wrapper records, plus `missing`: what this code style does not say."""
    inputs, missing = parse_inputs(text)
    specs = parse_specs(text)
    if specs["in_spec"] is None:
        missing.append("in_spec_/out_spec_ (pytree call spec)")
    consts = parse_constants(text)
    return {"inputs": inputs, "outputs": parse_outputs(text), "constants": consts,
            "kernels": parse_kernels(text, provenance), "missing": missing,
            "weights_in_so": weights_in_so(text), **specs}


def weights_in_so(text: str) -> bool | None:
    """Whether the compiled .so holds the model's weights: the base constructor's
    `include_weights` argument, written `false` for package_constants_in_so=False (or the
    binary_blob format) since torch added it; a constructor without it (older torch) always
    included them. None when the constructor is not in the text."""
    m = RX["model_ctor"].search(text)
    if m is None:
        return None
    args = [a.strip() for a in m.group(1).split(",")]
    if len(args) >= 6 and args[-1] in ("true", "false"):
        return args[-1] == "true"
    return True


def parse_metadata(text: str) -> dict[str, str]:
    """A `*_metadata.json` member: a flat JSON object of strings (non-strings are stringified)."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("metadata is not a JSON object")
    return {str(k): v if isinstance(v, str) else json.dumps(v) for k, v in data.items()}


# ---------------------------------------------------------------- guards, symbols, constants
_GUARD_KINDS = (("size_min", "min"), ("size_max", "max"), ("size_eq", "exact"))
_ENV_GATED = re.compile(r"getenv\(\s*\"AOTI_RUNTIME_CHECK_INPUTS\"\s*\)")


@dataclass(frozen=True)
class Guard:
    """A compiled check on one input dimension (`check_input_N`)."""

    input: str
    dim: int
    kind: str  # "min" (size >= value), "max" (size <= value), "exact" (size == value)
    value: int
    line: int
    gated_by_env: bool  # True when the generated code runs it only with AOTI_RUNTIME_CHECK_INPUTS=1

    def describe(self) -> str:
        op = {"min": ">=", "max": "<=", "exact": "=="}[self.kind]
        return f"size {op} {self.value}"


@dataclass(frozen=True)
class Provenance:
    """One kernel's entry of `kernel_information.json` (trace.provenance_tracking_level=1)."""

    kernel: str
    handle: str | None
    post_grad_nodes: tuple[str, ...]
    pre_grad_nodes: tuple[str, ...]
    stack_traces: tuple[str, ...]

    def user_lines(self) -> tuple[str, ...]:
        """`file:line in func: code` for frames outside torch (the user's own code), deduplicated."""
        return tuple(str(f) for f in user_frames(self.stack_traces))

    def to_dict(self) -> dict[str, Any]:
        return {"kernel": self.kernel, "handle": self.handle, "post_grad_nodes": list(self.post_grad_nodes),
                "pre_grad_nodes": list(self.pre_grad_nodes), "stack_traces": list(self.stack_traces)}


def input_guards(text: str, name: str, *, offset_text: str | None = None) -> tuple[Guard, ...]:
    """Every size guard compiled for input `name` (`check_input_N`), in source order."""
    gated = bool(_ENV_GATED.search(text)) and "_check_aoti_runtime_check_inputs_env()" in text
    n = re.escape(name)
    found: list[Guard] = []
    for key, kind in _GUARD_KINDS:
        for m in re.finditer(GUARD_RX[key].format(n=n), text):
            a, b = m.group(1), m.group(2)
            dim, value = (int(b), int(a)) if key == "size_eq" else (int(a), int(b))
            found.append(Guard(name, dim, kind, value, text.count("\n", 0, m.start()) + 1, gated))
    return tuple(sorted(found, key=lambda g: g.line))


def guards_for(text: str, name: str, dim: int) -> tuple[Guard, ...]:
    """The guards of one input dimension."""
    return tuple(g for g in input_guards(text, name) if g.dim == dim)


def size_symbols(text: str) -> dict[str, tuple[str, int]]:
    """`int64_t s77 = arg0_1_size[0];` -> {"s77": ("arg0_1", 0)} (first definition wins)."""
    out: dict[str, tuple[str, int]] = {}
    for sym, name, dim in RX["symbol"].findall(text):
        out.setdefault(sym, (name, int(dim)))
    return out


def input_names(text: str) -> dict[str, int]:
    """`inputs_info_[1].name = "arg1_1"` (or a `ConstantHandle` of `input_handles[1]`) -> {"arg1_1": 1}."""
    out = {n: int(i) for i, n in RX["input_name"].findall(text)}
    for n, i in RX["handle"].findall(text):
        if int(i) not in out.values():
            out.setdefault(n, int(i))
    return out


def constants_by_name(text: str) -> dict[str, dict[str, Any]]:
    """Constants by wrapper name: {"emb_weight": {"index": 0, "fqn": "emb.weight", "shape": (8, 4)}}."""
    out: dict[str, dict[str, Any]] = {}
    for c in parse_constants(text):
        if "name" not in c:
            continue
        d: dict[str, Any] = {"index": c["index"], "name": c["name"]}
        if "original_fqn" in c:
            d["fqn"] = c["original_fqn"]
        if "shape" in c:
            d["shape"] = tuple(c["shape"])
        out[c["name"]] = d
    return out


def provenance_entries(text: str | None) -> dict[str, tuple[Provenance, ...]]:
    """`kernel_information.json` -> {kernel name: its entries in handle order} (an extern kernel
    launched twice has two); {} for missing or malformed JSON. The one reader of that member."""
    if not text:
        return {}
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, list[tuple[int, Provenance]]] = {}
    for key, val in data.items():
        if not isinstance(val, dict):
            continue
        name, _, handle = str(key).rpartition(":")
        if not name:
            name, handle = str(key), ""

        def strs(k: str, val: dict[str, Any] = val) -> tuple[str, ...]:
            v = val.get(k) or ()
            return tuple(str(x) for x in v) if isinstance(v, (list, tuple)) else ()
        order = int(handle) if handle.isdigit() else 0
        out.setdefault(name, []).append((order, Provenance(name, handle or None, strs("post_grad_nodes"),
                                                           strs("pre_grad_nodes"), strs("stack_traces"))))
    return {k: tuple(e for _, e in sorted(v, key=lambda t: t[0])) for k, v in out.items()}


def parse_provenance(text: str | None) -> dict[str, Provenance]:
    """{kernel name: its first entry} (what a per-kernel reading needs)."""
    return {k: v[0] for k, v in provenance_entries(text).items() if v}



