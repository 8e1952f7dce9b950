"""`inspect_package()`: what a package was compiled for and what it expects, without running it.

Reads a `.pt2` archive (through `archive.Archive`: capped, never extracting) or a legacy `.so`
with its generated sources beside it, and turns the generated code and metadata into a
`PackageInfo` via the pure parsers in `contract.py`. What could not be read is listed in
`PackageInfo.unreadable` with the reason, so an older or newer torch's package degrades to a
partial contract instead of a wrong one.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from . import generated as contract
from .pytree_spec import spec_structure
from .archive import DEFAULT_LIMITS, common_prefix, is_zip, unsafe_member_reason
from .folder import Folder
from .members import open_members
from ..core.result import jsonable
from ..core.describe import safe_str, type_name
from ..core.errors import PackageError

AOTI_DIR = "data/aotinductor/"
ELF_MAGIC = b"\x7fELF"


@dataclass(frozen=True)
class DimInfo:
    """A dynamic dimension: the generated symbol (e.g. `s77`; export's Dim name is not kept) and
    the bounds the compiled guards check (None when unbounded or not recorded)."""

    symbol: str
    min: int | None
    max: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"symbol": self.symbol, "min": self.min, "max": self.max}

    def __str__(self) -> str:
        lo = "" if self.min is None else str(self.min)
        hi = "" if self.max is None else str(self.max)
        return f"{self.symbol}[{lo}..{hi}]"


@dataclass(frozen=True)
class InputSpec:
    """One flat input (or output) of the compiled graph, in call order."""

    index: int
    name: str
    dtype: str | None = None
    sizes: tuple[int | DimInfo, ...] | None = None
    strides: tuple[int | str, ...] | None = None
    device_type: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return jsonable({"index": self.index, "name": self.name, "dtype": self.dtype,
                         "sizes": self.sizes, "strides": self.strides,
                         "device_type": self.device_type})

    def __str__(self) -> str:
        sizes = "?" if self.sizes is None else "(" + ", ".join(str(s) for s in self.sizes) + ")"
        strides = "?" if self.strides is None else "(" + ", ".join(str(s) for s in self.strides) + ")"
        return (f"[{self.index}] {self.name}: {self.dtype or '?'} {sizes} stride {strides} "
                f"on {self.device_type or '?'}")


@dataclass(frozen=True)
class ConstantInfo:
    name: str
    fqn: str | None = None
    dtype: str | None = None
    sizes: tuple[int, ...] | None = None
    strides: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        return jsonable({"name": self.name, "fqn": self.fqn, "dtype": self.dtype, "sizes": self.sizes,
                         "strides": self.strides})


@dataclass(frozen=True)
class KernelInfo:
    name: str
    source_nodes: tuple[str, ...] = ()
    stack_traces: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "source_nodes": list(self.source_nodes),
                "stack_traces": list(self.stack_traces)}


@dataclass(frozen=True)
class ModelInfo:
    name: str
    inputs: tuple[InputSpec, ...] = ()
    outputs: tuple[InputSpec, ...] = ()
    in_spec: str | None = None
    out_spec: str | None = None
    constants: tuple[ConstantInfo, ...] = ()
    kernels: tuple[KernelInfo, ...] = ()
    wrapper_member: str | None = None
    kernel_member: str | None = None
    weights: str | None = None  # WEIGHTS: where the constants' values live; None: not known

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "inputs": [i.to_dict() for i in self.inputs],
                "outputs": [o.to_dict() for o in self.outputs], "in_spec": self.in_spec,
                "out_spec": self.out_spec, "constants": [c.to_dict() for c in self.constants],
                "kernels": [k.to_dict() for k in self.kernels],
                "wrapper_member": self.wrapper_member, "kernel_member": self.kernel_member,
                "weights": self.weights}

    @property
    def constant_fqns(self) -> tuple[str, ...]:
        """The names `load_constants` takes (`get_constant_fqns()`); constants without one (folded
        at compile time) are not the caller's to supply."""
        return tuple(c.fqn for c in self.constants if c.fqn)

    @property
    def weights_unloaded(self) -> bool:
        """True when nothing torch's `aoti_load_package` reads holds the weights, so a call before
        `load_constants` runs on null constants (a segfault on torch 2.13 and 2.14.1)."""
        return bool(self.constants) and self.weights in ("none", "pickled")


# Where a model's weights live (ModelInfo.weights), read from the wrapper and the archive layout:
WEIGHTS = {
    "so": "compiled into the .so (the default)",
    "blob": "a weights blob member the loader reads (package_constants_on_disk_format='binary_blob')",
    "pickled": "pickled under data/weights: read by load_pt2(..., load_weights_from_disk=True), "
               "not by aoti_load_package",
    "none": "nowhere in the package (package_constants_in_so=False): load_constants before the first call",
}


def weights_location(in_so: bool | None, members: Sequence[str]) -> str | None:
    """A WEIGHTS key from the wrapper's `include_weights` and the model's archive members."""
    if in_so is None:
        return None
    if in_so:
        return "so"
    if any(m.endswith("weights.blob") for m in members):
        return "blob"
    if any(m.endswith("weights_config.json") for m in members):
        return "pickled"
    return "none"


@dataclass(frozen=True)
class PackageInfo:
    """The compiled contract of a package. `unreadable` says what could not be read, and why."""

    path: str
    format: str  # "pt2" | "folder" (an extracted .pt2) | "legacy-so" | "extracted" (a loaded model's folder) | "exported-program"
    device_type: str | None
    metadata: Mapping[str, str] = field(default_factory=dict)
    models: tuple[ModelInfo, ...] = ()
    files: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()

    def model(self, name: str = "model") -> ModelInfo:
        for m in self.models:
            if m.name == name:
                return m
        if name == "model" and len(self.models) == 1:
            return self.models[0]
        raise PackageError(f"package {self.path} has no model {name!r} (models: "
                           f"{', '.join(m.name for m in self.models) or 'none'})", path=self.path)

    def read_text(self, member: str) -> str:
        """One member's text (size-capped), or for a legacy `.so` a listed file beside it."""
        return self.read_texts((member,))[0] or ""

    def read_texts(self, members: Sequence[str | None]) -> tuple[str | None, ...]:
        """Several members' texts through one open of the package (a zip's directory or a
        folder's listing is read once, not per member); a None member reads as None."""
        for member in members:
            if member is not None and member not in self.files:
                raise PackageError(f"{member!r} is not a file of {self.path}", path=self.path,
                                   member=member)
        if self.format in ("pt2", "folder"):
            with open_members(self.path) as arc:
                return tuple(None if m is None else arc.read_text(m) for m in members)
        return tuple(None if m is None else self._read_beside(m) for m in members)

    def _read_beside(self, member: str) -> str:
        """A legacy `.so` package's listed file, read from beside the library (size-capped)."""
        target = Path(self.path).parent / member
        try:
            with open(target, "rb") as fh:
                data = fh.read(DEFAULT_LIMITS.max_read_bytes + 1)
        except OSError as exc:
            raise PackageError(f"cannot read {target}: {exc}", path=self.path) from exc
        if len(data) > DEFAULT_LIMITS.max_read_bytes:
            raise PackageError(f"{target} is larger than {DEFAULT_LIMITS.max_read_bytes} bytes",
                               path=self.path)
        return data.decode("utf-8", errors="replace")

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "format": self.format, "device_type": self.device_type,
                "metadata": dict(self.metadata), "models": [m.to_dict() for m in self.models],
                "files": list(self.files), "unreadable": list(self.unreadable)}

    def __str__(self) -> str:
        md = self.metadata
        lines = [f"package  {self.path} ({self.format})",
                 f"device   {self.device_type or '?'}"
                 + (f" (compute capability {md['AOTI_COMPUTE_CAPABILITY']})"
                    if md.get("AOTI_COMPUTE_CAPABILITY") else ""),
                 f"host     {md.get('AOTI_PLATFORM', '?')} {md.get('AOTI_MACHINE', '?')}, "
                 f"CPU ISA {md.get('AOTI_CPU_ISA') or '?'}"]
        custom = {k: v for k, v in md.items() if not k.startswith("AOTI_")}
        if custom:
            lines.append("metadata " + ", ".join(f"{k}={v[:60]}" for k, v in custom.items()))
        for m in self.models:
            lines.append(f"model {m.name!r}: {len(m.inputs)} input(s), {len(m.outputs)} output(s), "
                         f"{len(m.constants)} constant(s), {len(m.kernels)} kernel(s)")
            call = call_signature(m)
            if call:
                lines.append(f"  call  {call}")
            lines += [f"  in  {i}" for i in m.inputs]
            if m.constants and m.weights not in (None, "so"):
                lines.append(f"  weights {WEIGHTS[m.weights]}")
            lines += [f"  const {c.name} ({c.fqn or '?'}): {c.dtype or '?'} "
                      f"{tuple(c.sizes) if c.sizes is not None else '?'}" for c in m.constants]
            for k in m.kernels:
                src = f" <- {', '.join(k.source_nodes)}" if k.source_nodes else ""
                lines.append(f"  kernel {k.name}{src}")
        for u in self.unreadable:
            lines.append(f"unreadable: {u}")
        return "\n".join(lines)


def call_signature(m: ModelInfo) -> str | None:
    """`f(arg0_1, {'a': arg1_1, 'b': arg2_1})`: the exported call structure with the input names
    in the order the package takes them (None when the in_spec is unreadable)."""
    struct = spec_structure(m.in_spec)
    names = iter([i.name for i in m.inputs])

    def fmt(node: Any) -> str:
        if node == "leaf":
            return next(names, "?")
        if node[0] == "dict":
            return "{" + ", ".join(f"{k!r}: {fmt(c)}" for k, c in zip(node[1], node[2])) + "}"
        inner = ", ".join(fmt(c) for c in node[1])
        return f"[{inner}]" if node[0] == "list" else f"({inner}{',' if len(node[1]) == 1 else ''})"
    try:
        if not (isinstance(struct, tuple) and len(struct[1]) == 2):
            return None
        args, kwargs = struct[1]
        parts = [fmt(c) for c in args[1]] + [f"{k}={fmt(c)}" for k, c in zip(kwargs[1], kwargs[2])]
        return "f(" + ", ".join(parts) + ")"
    except (TypeError, IndexError, ValueError):
        return None


# ---------------------------------------------------------------- building from parsed data
def _input_spec(d: Mapping[str, Any]) -> InputSpec:
    sizes = d.get("sizes")
    if sizes is not None:
        sizes = tuple(DimInfo(s["symbol"], s.get("min"), s.get("max")) if isinstance(s, dict) else int(s)
                      for s in sizes)
    strides = d.get("strides")
    return InputSpec(int(d.get("index", 0)), str(d.get("name", "")), d.get("dtype"), sizes,
                     tuple(strides) if strides is not None else None, d.get("device_type"))


def build_model(name: str, wrapper_text: str | None, provenance: Mapping[str, contract.Provenance] | None,
                wrapper_member: str | None, kernel_member: str | None,
                members: Sequence[str] = ()) -> tuple[ModelInfo, list[str]]:
    """ModelInfo from a wrapper's text (pure): the parsed contract and what it lacks."""
    if wrapper_text is None:
        return ModelInfo(name, wrapper_member=wrapper_member, kernel_member=kernel_member), [
            f"model {name!r}: no generated wrapper source, so no input contract"]
    parsed = contract.parse_wrapper(wrapper_text, provenance)
    info = ModelInfo(
        name=name,
        inputs=tuple(_input_spec(d) for d in parsed["inputs"]),
        outputs=tuple(InputSpec(o["index"], o["name"]) for o in parsed["outputs"]),
        in_spec=parsed["in_spec"], out_spec=parsed["out_spec"],
        constants=tuple(ConstantInfo(c.get("name", f"constant{c['index']}"), c.get("original_fqn"),
                                     c.get("dtype"), tuple(c["shape"]) if "shape" in c else None,
                                     tuple(c["stride"]) if "stride" in c else None)
                        for c in parsed["constants"]),
        kernels=tuple(KernelInfo(k["name"], tuple(k["source_nodes"]), tuple(k["stack_traces"]))
                      for k in parsed["kernels"]),
        wrapper_member=wrapper_member, kernel_member=kernel_member,
        weights=weights_location(parsed["weights_in_so"], members))
    return info, [f"model {name!r}: {m}" for m in parsed["missing"]]


def _pick_wrapper(cpps: list[str]) -> tuple[str | None, str | None]:
    wrapper = next((c for c in cpps if c.endswith(".wrapper.cpp")), None)
    kernel = next((c for c in cpps if c.endswith(".kernel.cpp")), None)
    if wrapper is None:  # older layouts: <hash>.cpp holds wrapper and kernels
        wrapper = next((c for c in cpps if not c.endswith(".kernel.cpp")), None)
    return wrapper, kernel


def _device_type(metadata: Mapping[str, str], models: tuple[ModelInfo, ...], files: tuple[str, ...]) -> str | None:
    dev = metadata.get("AOTI_DEVICE_KEY")
    if dev:
        return dev
    for m in models:
        for i in m.inputs:
            if i.device_type:
                return i.device_type
    if any(f.endswith((".cubin", ".hsaco", ".fatbin")) for f in files):
        return "cuda"
    return None


def _read_noted(read: Callable[[str], str], member: str | None, unreadable: list[str]) -> str | None:
    """Read one member (None when there is none); a failure is noted in `unreadable`, not raised."""
    if not member:
        return None
    try:
        return read(member)
    except PackageError as exc:
        unreadable.append(f"{member}: {exc}")
        return None


# ---------------------------------------------------------------- .pt2
def _inspect_pt2(path: str) -> PackageInfo:
    with open_members(path) as arc:
        folder = isinstance(arc, Folder)
        unreadable: list[str] = [f"{n!r}: {why}; not read" for n, why in arc.refused.items()]
        names: list[str] = []
        for n in arc.names:  # hostile names (`../x`, absolute) are reported, never used
            reason = unsafe_member_reason(n)
            if reason:
                unreadable.append(f"{n!r}: unsafe member name ({reason}); ignored")
            else:
                names.append(n)
        prefix = common_prefix(names)
        by_model: dict[str, list[str]] = {}
        for n in names:
            rel = n[len(prefix):] if n.startswith(prefix) else n
            if rel.startswith(AOTI_DIR):
                parts = rel[len(AOTI_DIR):].split("/")
                if len(parts) >= 2:
                    by_model.setdefault(parts[0], []).append(n)
        if not by_model:
            kind = other_archive_kind([n[len(prefix):] if n.startswith(prefix) else n for n in names])
            if kind is not None:
                problem, what = kind
                raise PackageError(f"{path} is {what}, not an AOTI package (no {AOTI_DIR}<model>/ members)",
                                   path=path, problem=problem)
            what = "folder holds no AOTI package" if folder else "is a zip archive but not an AOTI package"
            raise PackageError(f"{path} {what} (no {AOTI_DIR}<model>/ members)", path=path,
                               problem="not-aoti-folder" if folder else "not-aoti")
        metadata: dict[str, str] = {}
        models: list[ModelInfo] = []
        for mname in sorted(by_model, key=lambda m: (m != "model", m)):
            members = sorted(by_model[mname])
            metas = sorted((m for m in members if m.endswith("_metadata.json")),
                           key=lambda m: (".wrapper" not in m, m))
            for meta in metas:
                try:
                    for k, v in contract.parse_metadata(arc.read_text(meta)).items():
                        metadata.setdefault(k, v)
                except (PackageError, ValueError) as exc:
                    unreadable.append(f"{meta}: {exc}")
            if not metas:
                unreadable.append(f"model {mname!r}: no *_metadata.json (device, platform and CPU ISA "
                                  "unknown; torch's loader also refuses such packages)")
            if not any(m.endswith(".so") for m in members):
                unreadable.append(f"model {mname!r}: no compiled .so in the archive (the loader would "
                                  "try to rebuild it from sources)")
            prov = None
            kinfo = next((m for m in members if m.endswith(contract.PROVENANCE_MEMBER)), None)
            if kinfo:
                try:
                    prov = contract.parse_provenance(arc.read_text(kinfo))
                except PackageError as exc:
                    unreadable.append(f"{kinfo}: {exc}")
            wrapper, kernel = _pick_wrapper([m for m in members if m.endswith(".cpp")])
            text = _read_noted(arc.read_text, wrapper, unreadable)
            info, missing = build_model(mname, text, prov, wrapper, kernel, members)
            models.append(info)
            unreadable += missing
    models_t = tuple(models)
    files = tuple(names)
    return PackageInfo(path, "folder" if folder else "pt2", _device_type(metadata, models_t, files),
                       metadata, models_t, files, tuple(unreadable))


# ---------------------------------------------------------------- legacy .so
def _inspect_legacy_so(path: str) -> PackageInfo:
    p = Path(path)
    folder = p.parent
    stem = p.name[:-len(".so")] if p.name.endswith(".so") else p.stem
    base = stem[:-len(".wrapper")] if stem.endswith(".wrapper") else stem
    try:
        siblings = sorted(f.name for f in folder.iterdir() if f.is_file())
    except OSError as exc:
        raise PackageError(f"cannot list {folder}: {exc}", path=path, problem="unreadable") from exc
    unreadable: list[str] = ["legacy .so: the device it was compiled for is recorded only in the "
                             "*_metadata.json beside it in the compile machine's inductor cache"]
    files = tuple(siblings)
    info = PackageInfo(path, "legacy-so", None, {}, (), files, ())
    metadata: dict[str, str] = {}
    for meta in (f"{stem}_metadata.json", f"{base}_metadata.json", f"{base}.wrapper_metadata.json"):
        if meta in siblings and not metadata:
            try:
                metadata = contract.parse_metadata(info.read_text(meta))
            except (PackageError, ValueError) as exc:
                unreadable.append(f"{meta}: {exc}")
    if not metadata:
        unreadable.append(f"no {stem}_metadata.json beside the .so: device type, platform and ISA unknown")
    cpps = [f for f in siblings if f.endswith(".cpp") and f.startswith(base)]
    cpps += [f for f in siblings if f.endswith(".kernel.cpp") and f not in cpps]
    wrapper, kernel = _pick_wrapper(cpps)
    text = _read_noted(info.read_text, wrapper, unreadable)
    model, missing = build_model("model", text, None, wrapper, kernel)
    models = (model,)
    return PackageInfo(path, "legacy-so", _device_type(metadata, models, files), metadata, models,
                       files, tuple(unreadable + missing))


def package_path(path: object) -> str:
    """A package path as text, for every entry point that takes one: a str, a `PathLike`, or the
    bytes path `os.listdir(b".")` gives (decoded as the file system does); anything else is a
    PackageError, never a TypeError or an AttributeError from deep inside a reader."""
    try:
        raw = os.fspath(path)  # type: ignore[call-overload]
    except TypeError as exc:
        raise PackageError(f"not a package path: {type_name(path)}", problem="not-a-file") from exc
    except MemoryError:
        raise
    except Exception as exc:  # a PathLike whose __fspath__ itself fails: its error, chained
        raise PackageError(f"the path object could not give its path: {type(exc).__name__}: "
                           f"{safe_str(exc)}", problem="not-a-file") from exc
    text = os.fsdecode(raw)
    if "\x00" in text:
        raise PackageError(f"not a package path: it holds a NUL byte ({text!r})", problem="not-a-file")
    return text


# Archives torch writes that are no AOTI package, by a member only they hold (names relative to
# the archive's top folder): (problem, what it is, test)
_OTHER_ARCHIVES: tuple[tuple[str, str, Callable[[str], bool]], ...] = (
    ("exported-program", "an exported program saved by torch.export.save",
     lambda n: n.startswith("models/") and n.endswith(".json")),
    ("torchscript-archive", "a TorchScript module saved by torch.jit.save",
     lambda n: n == "constants.pkl" or n.startswith("code/")),
    ("checkpoint", "a torch.save file (weights or a pickled module)", lambda n: n == "data.pkl"),
)


def other_archive_kind(rel_names: list[str]) -> tuple[str, str] | None:
    """(problem, description) when an archive without AOTI members is another archive torch
    writes (an exported program, a TorchScript module, a torch.save file), else None."""
    for problem, what, holds in _OTHER_ARCHIVES:
        if any(holds(n) for n in rel_names):
            return problem, what
    return None

def inspect_package(path: PackageInfo | str | bytes | os.PathLike[str]) -> PackageInfo:
    """Read what a package was compiled for and expects. Never loads or executes it.

    Accepts a `.pt2`, the folder it was extracted to (format "folder"), or a legacy `.so`
    (generated sources beside it); anything missing, corrupt, truncated, hostile or not AOTI
    raises PackageError with the original exception chained.
    """
    if isinstance(path, PackageInfo):
        return path
    spath = package_path(path)
    if not os.path.exists(spath):
        raise PackageError(f"package not found: {spath}", path=spath, problem="not-found")
    if os.path.isdir(spath):  # an extracted .pt2, which aoti_load_package also loads
        return _inspect_pt2(spath)
    if not os.path.isfile(spath):  # a FIFO or device would block the read below
        raise PackageError(f"package path is not a regular file: {spath}", path=spath, problem="not-a-file")
    try:
        with open(spath, "rb") as fh:
            head = fh.read(4)
    except OSError as exc:
        raise PackageError(f"cannot read {spath}: {exc}", path=spath, problem="unreadable") from exc
    if head == ELF_MAGIC or re.search(r"\.so(\.\d+)*$", spath):
        if head != ELF_MAGIC:
            raise PackageError(f"{spath} is named like a shared library but is not an ELF file "
                               "(truncated or corrupt)", path=spath, problem="bad-binary")
        return _inspect_legacy_so(spath)
    if not is_zip(spath) and len(head) < 4:
        raise PackageError(f"{spath} is empty or truncated ({len(head)} bytes)", path=spath, problem="corrupt")
    return _inspect_pt2(spath)
